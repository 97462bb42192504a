// Limits of a contact's fields (contacts-create and contact-edit): the form says them as hints,
// the contract's schema refuses longer values.
export const CONTACT_FIELD_MAX = {
  email: 254,
  name: 80,
} as const

/** How many companies contact-edit offers to move a contact to (the caller's scope, nearest first). */
export const CONTACT_PARENT_CHOICES = 500
