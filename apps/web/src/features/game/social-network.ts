import type { TSocialItem } from '@portal/contracts/control';

const NAMES: Record<string, string> = {
  vk: 'VK',
  vkontakte: 'VK',
  tg: 'Telegram',
  telegram: 'Telegram',
  youtube: 'YouTube',
  discord: 'Discord',
  facebook: 'Facebook',
  fb: 'Facebook',
  instagram: 'Instagram',
  twitter: 'X',
  x: 'X',
  tiktok: 'TikTok',
  reddit: 'Reddit',
  ok: 'Odnoklassniki',
  odnoklassniki: 'Odnoklassniki',
  dzen: 'Dzen',
  twitch: 'Twitch',
  steam: 'Steam',
  rutube: 'Rutube',
};

const HOSTS: [RegExp, string][] = [
  [/(^|\.)vk\.(com|ru)$/, 'VK'],
  [/(^|\.)(t\.me|telegram\.org)$/, 'Telegram'],
  [/(^|\.)(youtube\.com|youtu\.be)$/, 'YouTube'],
  [/(^|\.)discord\.(gg|com)$/, 'Discord'],
  [/(^|\.)facebook\.com$/, 'Facebook'],
  [/(^|\.)instagram\.com$/, 'Instagram'],
  [/(^|\.)(twitter|x)\.com$/, 'X'],
  [/(^|\.)tiktok\.com$/, 'TikTok'],
  [/(^|\.)ok\.ru$/, 'Odnoklassniki'],
  [/(^|\.)dzen\.ru$/, 'Dzen'],
];

/** A readable network name for a social link: from its icon file name, else its host. */
export function socialNetworkName(item: TSocialItem): string {
  const base =
    item.fileName
      .split('/')
      .pop()
      ?.replace(/\.[a-z0-9]+$/i, '')
      .toLowerCase() ?? '';
  const key = base.replace(/[-_]?(icon|logo|white|black|color)$/g, '').replace(/^(icon|logo)[-_]?/, '');
  if (NAMES[key]) return NAMES[key];
  try {
    const host = new URL(item.link).hostname.replace(/^www\./, '');
    const match = HOSTS.find(([pattern]) => pattern.test(host));
    if (match) return match[1];
    return host;
  } catch {
    return key || item.link;
  }
}
