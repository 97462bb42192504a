import { m } from '../../../src/paraglide/messages'
import { useLocale } from '../../ui/locale'
import { Page, headingClass } from '../../ui/page'
import { PriceUploadSection } from './price-upload-section'
import { VartextUploadSection } from './vartext-upload-section'

// files-upload: the CSV price list and the XML variable texts.
export function FilesUploadScreen({ canTranslate }: { canTranslate: boolean }) {
  useLocale()
  return (
    <Page>
      <h1 className={headingClass}>{m.files_upload_title()}</h1>
      <PriceUploadSection />
      <VartextUploadSection allowed={canTranslate} />
    </Page>
  )
}
