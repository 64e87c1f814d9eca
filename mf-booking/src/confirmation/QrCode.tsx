/** The reservation's QR code: the api's SVG shown as an image (an <img> never runs anything inside the SVG). */
export function QrCode({ svg, label, size = 200 }: { svg: string; label: string; size?: number }) {
  return <img src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`} alt={label} width={size} height={size} data-testid="qr-code" />;
}
