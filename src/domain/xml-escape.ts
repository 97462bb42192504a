// Escaping text for XML that the portal writes (the XLIFF and TMX exports): the characters
// markup needs as references, and the characters XML 1.0 cannot hold at all.

/** Characters XML 1.0 cannot hold, not even as references: lone surrogates, most C0 controls, U+FFFE/F. */
// eslint-disable-next-line no-control-regex -- these are the characters the pattern is about
export const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g
const REFERENCES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', '\t': '&#9;', '\n': '&#10;', '\r': '&#13;' }

/** Element content with markup escaped; a CR as a reference (parsers turn CR LF into LF). Characters XML cannot hold stay: the caller decides. */
export const escapeContent = (text: string) => text.replace(/[&<>\r]/g, (char) => REFERENCES[char]!)
/** Element content where what XML cannot hold becomes U+FFFD (notes, and formats without an escape for it). */
export const xmlText = (text: string) => escapeContent(text).replace(NOT_XML, '\uFFFD')
/** An attribute value: quotes and white space as references too, what XML cannot hold as U+FFFD. */
export const xmlAttribute = (text: string) => text.replace(/[&<>"\t\n\r]/g, (char) => REFERENCES[char]!).replace(NOT_XML, '\uFFFD')
