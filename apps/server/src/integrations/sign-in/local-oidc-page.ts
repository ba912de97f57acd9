const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

export interface InteractionPageInput {
  /** Form target, the interaction's own URL. */
  action: string;
  /** The provider this sign-in stands in for ("Google", "VK ID", ...). */
  providerTitle: string;
  name?: string;
  email?: string;
  /** Shown above the form and tied to the fields with aria-describedby. */
  error?: { field: 'name' | 'email'; message: string };
}

/**
 * The only page of the local sign-in provider: a name, an e-mail and "Continue". Plain
 * HTML with labels, autocomplete hints, visible focus and an alert region, readable
 * without scripts and at 200 % zoom.
 */
export function renderInteractionPage(input: InteractionPageInput): string {
  const title = `Sign in with ${input.providerTitle}`;
  const error = input.error;
  const invalid = (field: 'name' | 'email') => (error?.field === field ? ' aria-invalid="true" aria-describedby="form-error"' : '');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>
  :root { color-scheme: light dark; --accent: #2454d6; --bg: #f4f6fb; --card: #fff; --text: #1b1f2a; --muted: #4a5263; --danger: #b3261e; }
  @media (prefers-color-scheme: dark) { :root { --accent: #8fb0ff; --bg: #12151c; --card: #1d212b; --text: #eef1f7; --muted: #b7bfce; --danger: #ffb4ab; } }
  * { box-sizing: border-box; }
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: var(--bg); color: var(--text);
         font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; padding: 1rem; }
  main { width: 100%; max-width: 26rem; background: var(--card); border-radius: 12px; padding: 2rem; box-shadow: 0 4px 24px rgb(0 0 0 / 0.12); }
  h1 { font-size: 1.375rem; margin: 0 0 .25rem; }
  p { margin: 0 0 1.25rem; color: var(--muted); }
  .badge { display: inline-block; font-size: .75rem; font-weight: 600; letter-spacing: .04em; text-transform: uppercase;
           color: var(--accent); border: 1px solid currentColor; border-radius: 999px; padding: 0 .5rem; margin-bottom: .75rem; }
  label { display: block; font-weight: 600; margin: 1rem 0 .25rem; }
  input { width: 100%; font: inherit; padding: .625rem .75rem; border: 1px solid var(--muted); border-radius: 8px; background: transparent; color: inherit; }
  input[aria-invalid="true"] { border-color: var(--danger); border-width: 2px; }
  :focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
  .error { color: var(--danger); font-weight: 600; margin: 0 0 1rem; }
  .actions { display: flex; gap: .75rem; margin-top: 1.5rem; }
  button { flex: 1; font: inherit; font-weight: 600; padding: .625rem 1rem; border-radius: 8px; cursor: pointer; border: 1px solid var(--accent); }
  .primary { background: var(--accent); color: var(--card); }
  .secondary { background: transparent; color: var(--accent); }
</style>
</head>
<body>
<main>
  <span class="badge">Sandbox</span>
  <h1>${escapeHtml(title)}</h1>
  <p>This local sign-in stands in for ${escapeHtml(input.providerTitle)}. No password is needed.</p>
  ${error ? `<div id="form-error" class="error" role="alert">${escapeHtml(error.message)}</div>` : ''}
  <form method="post" action="${escapeHtml(input.action)}" novalidate>
    <label for="name">Display name</label>
    <input id="name" name="name" autocomplete="name" required maxlength="64" value="${escapeHtml(input.name ?? '')}"${invalid('name')}>
    <label for="email">E-mail</label>
    <input id="email" name="email" type="email" autocomplete="email" required maxlength="320" value="${escapeHtml(input.email ?? '')}"${invalid('email')}>
    <!-- Continue comes first so that Enter in a field submits it, not Cancel. -->
    <div class="actions">
      <button class="primary" type="submit" name="action" value="continue">Continue</button>
      <button class="secondary" type="submit" name="action" value="cancel" formnovalidate>Cancel</button>
    </div>
  </form>
</main>
</body>
</html>`;
}
