import { isImageAddress, isSiteAddress, isSitePath } from '@portal/contracts/addresses';

/**
 * Images in game records are https URLs, site paths or bare file names, which the server serves
 * under /images/. Anything else (`javascript:`, another scheme, a value stored before the
 * console checked them) is no image: undefined.
 */
export function assetUrl(file: string | null | undefined): string | undefined {
  const value = file?.trim();
  if (!value) return undefined;
  // Plain http passes too (a developer's own machine); what matters here is the scheme.
  if (isSitePath(value) || /^https?:\/\//i.test(value)) return value;
  return isImageAddress(value) ? `/images/${value}` : undefined;
}

/** A link from a catalogue record when it is an http(s) address or a site path, else undefined. */
export function linkUrl(link: string | null | undefined): string | undefined {
  const value = link?.trim();
  if (!value) return undefined;
  return isSiteAddress(value) || /^http:\/\/[^\s\\]+$/i.test(value) ? value : undefined;
}
