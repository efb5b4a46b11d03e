// Shapes only: any text on the card is drawn with the shipped fonts, never through SVG <text>.
import { HEADER_HEIGHT, ID_CARD_HEIGHT, ID_CARD_WIDTH, PHOTO, PHOTO_BACKGROUND, SIGNATURE_BOX } from './id-card.layout';

/** Card stock: rounded corners, header band, a fine guilloche pattern, photo frame, signature line. */
export function cardBackgroundSvg(): string {
  const width = ID_CARD_WIDTH;
  const height = ID_CARD_HEIGHT;
  const waves = Array.from({ length: 14 }, (_, i) => {
    const y = HEADER_HEIGHT + 40 + i * 36;
    return `<path d="M0 ${y} C ${width * 0.25} ${y - 30}, ${width * 0.5} ${y + 30}, ${width * 0.75} ${y} S ${width} ${y - 20}, ${width + 20} ${y}" />`;
  }).join('');
  const frame = { x: PHOTO.left - 6, y: PHOTO.top - 6, w: PHOTO.width + 12, h: PHOTO.height + 12 };
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs>
    <linearGradient id="stock" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#f6f8fb"/><stop offset="1" stop-color="#e4ebf3"/>
    </linearGradient>
    <linearGradient id="band" x1="0" y1="0" x2="1" y2="0">
      <stop offset="0" stop-color="#1d3557"/><stop offset="1" stop-color="#2f5d8a"/>
    </linearGradient>
    <clipPath id="card"><rect width="${width}" height="${height}" rx="32" ry="32"/></clipPath>
  </defs>
  <g clip-path="url(#card)">
    <rect width="${width}" height="${height}" fill="url(#stock)"/>
    <g fill="none" stroke="#c9d5e3" stroke-width="1.2" opacity="0.7">${waves}</g>
    <circle cx="${width - 150}" cy="${height - 190}" r="120" fill="none" stroke="#cfd9e6" stroke-width="10" opacity="0.6"/>
    <circle cx="${width - 150}" cy="${height - 190}" r="84" fill="none" stroke="#cfd9e6" stroke-width="4" opacity="0.6"/>
    <rect width="${width}" height="${HEADER_HEIGHT}" fill="url(#band)"/>
    <rect y="${HEADER_HEIGHT}" width="${width}" height="6" fill="#c8a24a"/>
    <circle cx="${width - 84}" cy="${HEADER_HEIGHT / 2}" r="34" fill="none" stroke="#c8a24a" stroke-width="5"/>
    <path d="M${width - 84} ${HEADER_HEIGHT / 2 - 20} l17 30 h-34 z" fill="#c8a24a"/>
    <rect x="${frame.x}" y="${frame.y}" width="${frame.w}" height="${frame.h}" rx="12" fill="#ffffff" stroke="#9fb1c6" stroke-width="2"/>
    <line x1="${SIGNATURE_BOX.left}" y1="${SIGNATURE_BOX.top + SIGNATURE_BOX.height + 8}" x2="${SIGNATURE_BOX.left + SIGNATURE_BOX.width}" y2="${SIGNATURE_BOX.top + SIGNATURE_BOX.height + 8}" stroke="#7d8fa3" stroke-width="1.5"/>
    <rect y="${height - 22}" width="${width}" height="22" fill="url(#band)"/>
  </g>
</svg>`;
}

/** A neutral head-and-shoulders silhouette for characters without a bust avatar. */
export function placeholderSvg(): string {
  const { width, height } = PHOTO;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <rect width="${width}" height="${height}" fill="${PHOTO_BACKGROUND}"/>
  <circle cx="${width / 2}" cy="${height * 0.38}" r="${width * 0.22}" fill="#a9b7c6"/>
  <path d="M${width * 0.12} ${height} C ${width * 0.12} ${height * 0.66}, ${width * 0.88} ${height * 0.66}, ${width * 0.88} ${height} Z" fill="#a9b7c6"/>
</svg>`;
}
