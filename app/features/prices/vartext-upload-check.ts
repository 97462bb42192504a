import { z } from 'zod'
import { appConfig } from '../../../app.config'
import { uploadFile } from '../../../src/contract/form-rules'
import { vartextXmlEndpoint } from '../../../src/contract/translation'
import type { UploadAnswer } from '../../ui/upload-request'
import { readUpload } from './upload-answer'

// The variable-text upload's check and the reading of its answer, loaded on first use
// (use-zod-form.tsx): zod and the contract are not in the upload screen's first load.

/** The file rule: the endpoint's own multipart limit. */
export const vartextUploadForm = z.object({ file: uploadFile(appConfig.limits.xmlImportBytes) })

export function readVartextUpload(answer: UploadAnswer) {
  return readUpload(answer, vartextXmlEndpoint.data, z.unknown())
}
