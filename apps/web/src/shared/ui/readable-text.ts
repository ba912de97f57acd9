/**
 * Dark or light text for a background colour (#rgb, #rrggbb, rgb(), rgba()). Translucent
 * colours sit on the dark page, so they count as dark unless nearly opaque.
 */
export function isLightColor(color: string | null | undefined): boolean {
  if (!color) return false;
  const value = color.trim().toLowerCase();
  let r: number, g: number, b: number;
  let a = 1;
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/.exec(value);
  const rgb = /^rgba?\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)(?:[\s,/]+([\d.]+%?))?\s*\)$/.exec(value);
  if (hex) {
    const h = hex[1]!.length === 3 ? [...hex[1]!].map((c) => c + c).join('') : hex[1]!;
    [r, g, b] = [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)) as [number, number, number];
  } else if (rgb) {
    [r, g, b] = [rgb[1], rgb[2], rgb[3]].map(Number) as [number, number, number];
    if (rgb[4]) a = rgb[4].endsWith('%') ? parseFloat(rgb[4]) / 100 : Number(rgb[4]);
  } else {
    return false;
  }
  if (a < 0.6) return false;
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
  return luminance > 0.4;
}
