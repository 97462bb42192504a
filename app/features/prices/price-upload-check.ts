import { z } from 'zod'
import { appConfig } from '../../../app.config'
import { uploadFile } from '../../../src/contract/form-rules'
import { priceUploadData, priceUploadProblems } from '../../../src/contract/price-upload'
import type { UploadAnswer } from '../../ui/upload-request'
import { readUpload } from './upload-answer'

// The price upload's check and the reading of its answer, loaded on first use (use-zod-form.tsx):
// zod and the contract are not in the upload screen's first load
// (docs/decisions/035-page-weight.md).

/** The file rule: the endpoint's own multipart limit. */
export const priceUploadForm = z.object({ prices: uploadFile(appConfig.limits.priceUploadBytes) })

export function readPriceUpload(answer: UploadAnswer) {
  return readUpload(answer, priceUploadData, priceUploadProblems)
}
