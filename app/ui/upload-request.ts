// Sends a form with a file and reports the upload's progress (fetch cannot), answering the
// HTTP status and the parsed JSON body. A network failure rejects with a plain message.
export type UploadAnswer = { httpStatus: number; body: unknown }

export function uploadWithProgress(url: string, form: FormData, onProgress: (fraction: number) => void): Promise<UploadAnswer> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest()
    request.open('POST', url)
    request.responseType = 'text'
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total)
    }
    request.upload.onload = () => onProgress(1)
    request.onload = () => {
      resolve({ httpStatus: request.status, body: parseJson(String(request.response)) })
    }
    request.onerror = () => reject(new Error('network'))
    request.send(form)
  })
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}
