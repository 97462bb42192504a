// An API answer before it is a Response: status, headers and the envelope's JSON text (null:
// no body — HEAD, 204). The built server's /vue/ lane writes it to the socket as it is
// (src/server/node-entry.ts, decision 024); everyone else gets a Response.
export type ApiAnswer = { status: number; headers: Record<string, string>; body: string | null }

/** An answer as a web Response (tests, the dev server, the upload route). */
export function answerResponse(answer: ApiAnswer): Response {
  return new Response(answer.body, { status: answer.status, headers: answer.headers })
}
