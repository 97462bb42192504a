import { m } from '../../../src/paraglide/messages'

// The second factor's words for the user to keep or type (decision 054).

/** The key in groups of four, as authenticator apps show and take it (spaces do not count). */
export function groupedKey(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ')
}

/**
 * The recovery codes as the text file the user keeps: what they are for and whose, then one
 * code a line. Windows line ends, so Notepad shows the lines too.
 */
export function recoveryCodesText(codes: ReadonlyArray<string>, username: string, site: string): string {
  return [m.security_codes_file_title({ username, site }), '', ...codes, ''].join('\r\n')
}

/** The file's name: the site and the day, so a second set does not overwrite the first unseen. */
export function recoveryCodesFileName(site: string, day: string): string {
  const slug =
    site
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'portal'
  return `${slug}-recovery-codes-${day}.txt`
}
