import type { Implementation } from '../endpoint/implement.server'

// Compiled path templates of the /vue/ endpoints; a path matches with or without its
// trailing slash.
export type CompiledRoute = { pattern: RegExp; names: string[]; implementation: Implementation }

export function compileRoutes(implementations: ReadonlyArray<Implementation>): CompiledRoute[] {
  return implementations.map((implementation) => {
    const names: string[] = []
    const source = implementation.endpoint.path
      .replace(/\/$/, '')
      .split('/')
      .map((segment) => {
        const param = /^\{(\w+)\}$/.exec(segment)
        if (!param?.[1]) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
        names.push(param[1])
        return '([^/]+)'
      })
      .join('/')
    return { pattern: new RegExp(`^${source}/?$`), names, implementation }
  })
}

export type RouteMatch = { route: CompiledRoute; params: Record<string, string> }

export function matchRoutes(routes: ReadonlyArray<CompiledRoute>, pathname: string): RouteMatch[] {
  const matches: RouteMatch[] = []
  for (const route of routes) {
    const found = route.pattern.exec(pathname)
    if (!found) continue
    const params: Record<string, string> = {}
    route.names.forEach((name, index) => {
      params[name] = safeDecode(found[index + 1] ?? '')
    })
    matches.push({ route, params })
  }
  return matches
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value)
  } catch {
    return value
  }
}
