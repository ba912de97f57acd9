/** Sign-in type icons (google, apple, email, vk, yandex, telegram, facebook). */
const ICONS: Record<string, { color: string; glyph: string }> = {
  google: { color: '#4285F4', glyph: 'G' },
  apple: { color: '#000000', glyph: 'A' },
  email: { color: '#1a7f37', glyph: '@' },
  vkontakte: { color: '#0077FF', glyph: 'VK' },
  yandex: { color: '#FC3F1D', glyph: 'Я' },
  telegram: { color: '#229ED9', glyph: '➤' },
  facebook: { color: '#1877F2', glyph: 'f' },
};

/** Auth method names of the project settings and current auth types, to one icon name. */
export function signInIconName(type: string): string {
  if (type.startsWith('google')) return 'google';
  if (type === 'mail') return 'email';
  if (type === 'vk') return 'vkontakte';
  if (type === 'tg') return 'telegram';
  return type;
}

export function SignInIcon({ type, size = 24 }: { type: string; size?: number }) {
  const icon = ICONS[signInIconName(type)] ?? { color: '#6e7681', glyph: '?' };
  const fontSize = icon.glyph.length > 1 ? 9 : 13;
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="12" fill={icon.color} />
      <text x="12" y="16.5" textAnchor="middle" fontSize={fontSize} fontWeight="700" fill="#fff" fontFamily="system-ui, sans-serif">
        {icon.glyph}
      </text>
    </svg>
  );
}
