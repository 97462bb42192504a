// An API answer before it is a Response: status, headers and the envelope's JSON (null: no
// body — HEAD, 204), as text or, for an answer a read cache shares, as UTF-8 bytes made once.
// The built server's /vue/ lane writes it to the socket as it is (src/server/node-entry.ts,
// decision 024); everyone else gets a Response.
export type ApiAnswer = { status: number; headers: Record<string, string>; body: string | Uint8Array<ArrayBuffer> | null }

/** An answer as a web Response (tests, the dev server, the upload route). */
export function answerResponse(answer: ApiAnswer): Response {
  return new Response(answer.body, { status: answer.status, headers: answer.headers })
}
