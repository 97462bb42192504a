import { dictionary } from '@zxcvbn-ts/language-common'

// The common-password check (decision 030): zxcvbn-ts' list of about 49,000 passwords seen
// most in breaches, kept up by that project; compared case-insensitively.
let common: Set<string> | undefined

export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common'].map((entry: string) => entry.toLowerCase()))
  return common.has(password.toLowerCase())
}
