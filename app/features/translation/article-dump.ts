import { useServerFn } from '@tanstack/react-start'
import { useState } from 'react'
import type { ArticleData } from '../../../src/contract/translation'
import { m } from '../../../src/paraglide/messages'
import { messagesOf } from '../../ui/call-result'
import { showErrorToast, showToast } from '../../ui/toast'
import { tidsOf } from './article-units'
import { dumpArticleFn } from './translation.functions'

// The article's dump action: every unit in every language, downloaded as one JSON file.
export function useArticleDump(id: number, model: string, data: ArticleData | null) {
  const dump = useServerFn(dumpArticleFn)
  const [dumping, setDumping] = useState(false)

  async function exportUnits(): Promise<void> {
    if (!data) return
    setDumping(true)
    try {
      const tids = data.units.flatMap(tidsOf)
      const answer = await dump({ data: { article: id, tids } })
      if (answer.kind === 'ok') {
        const blob = new Blob([JSON.stringify(answer.data, null, 2)], { type: 'application/json' })
        const link = document.createElement('a')
        link.href = URL.createObjectURL(blob)
        link.download = `article-${id}-${model}.json`
        link.click()
        URL.revokeObjectURL(link.href)
        showToast({ title: () => m.article_dump_done({ count: answer.data.units.length }), type: 'success' })
      } else showErrorToast(answer.kind === 'login' ? [m.translation_login_notice()] : answer.messages)
    } catch (caught) {
      showErrorToast(messagesOf(caught))
    } finally {
      setDumping(false)
    }
  }

  return { dumping, exportUnits }
}
