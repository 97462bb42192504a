// Types for the npm `xliff` library (it ships none), an outside reader and writer the XLIFF tests
// run our files through: the two functions they use, its JavaScript form left to zod.
declare module 'xliff' {
  export function xliff2js(xml: string): Promise<unknown>
  export function js2xliff(js: unknown): Promise<string>
}
