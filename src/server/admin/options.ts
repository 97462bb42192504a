import { z } from 'zod'
import { PERMISSIONS, isPermission, type Permission } from '../../domain/permissions'
import { emailAddress } from '../../contract/field-rules'

// Option values the admin commands share, parsed as the portal parses them elsewhere.

/** A user's e-mail address (their username), lower-cased as stored. */
export const emailOption = z
  .string({ error: 'is required' })
  .pipe(emailAddress(254))
  .transform((value) => value.toLowerCase())

/** `all` (the default: staff hold every group) or a comma-separated list of groups. */
export const groupsOption = z
  .string()
  .default('all')
  .transform((value, issue): Permission[] => {
    const named = value
      .split(',')
      .map((name) => name.trim().toUpperCase())
      .filter((name) => name !== '')
    if (named.length === 1 && named[0] === 'ALL') return [...PERMISSIONS]
    const unknown = named.filter((name) => !isPermission(name))
    if (named.length === 0 || unknown.length > 0) {
      const which = unknown.length > 0 ? `unknown group(s) ${unknown.join(', ')}` : 'no group given'
      issue.addIssue({ code: 'custom', message: `${which}; give "all" or some of ${PERMISSIONS.join(', ')}` })
      return z.NEVER
    }
    return PERMISSIONS.filter((permission) => named.includes(permission))
  })
