import QRCode from 'qrcode'

// The otpauth:// URL as a QR code, drawn on the server as SVG (decision 054): the library stays
// out of every browser bundle, and the page shows the picture as a data: URL.
export async function qrCodeDataUrl(text: string): Promise<string> {
  // Error correction M and a 4-module quiet zone: what phone cameras read reliably off a screen.
  const svg = await QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 4, color: { dark: '#000000', light: '#ffffff' } })
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`
}
