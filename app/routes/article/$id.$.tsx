import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import { pageHead } from '../../features/session/route-guards'
import { ArticleScreen } from '../../features/translation/article-screen'
import { ARTICLE_DEFAULTS, articleSearch, nodeIdAndPath, translationAccess } from '../../features/translation/translation-access'
import { m } from '../../../src/paraglide/messages'

// article: /article/{id}/{path}?lang=, the units of one article.
export const Route = createFileRoute('/article/$id/$')({
  params: nodeIdAndPath,
  validateSearch: articleSearch,
  search: { middlewares: [stripSearchParams(ARTICLE_DEFAULTS)] },
  head: ({ match }) => pageHead(m.article_title(), match.context.session),
  component: ArticleRoute,
})

function ArticleRoute() {
  const { session } = Route.useRouteContext()
  const navigate = Route.useNavigate()
  const { id, _splat: path } = Route.useParams()
  const { lang } = Route.useSearch()
  return (
    <ArticleScreen
      {...translationAccess(session)}
      id={id}
      path={path ?? ''}
      lang={lang}
      onLanguage={(code) => void navigate({ search: { lang: code }, replace: true })}
    />
  )
}
