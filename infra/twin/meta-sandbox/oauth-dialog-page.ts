import { PERMISSION_DESCRIPTIONS } from './permissions.js';

/**
 * The HTML of the consent dialog and of its error page: a Meta-like look
 * (blue bar, white card), plain semantic markup, real buttons in a form so it
 * works without JavaScript and with a keyboard or screen reader.
 */

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** Meta's blue darkened a little so white text meets WCAG AA contrast (5.7:1). */
const STYLES = `
  :root { color-scheme: light; font-family: Helvetica, Arial, sans-serif; }
  body { margin: 0; background: #f0f2f5; color: #1c1e21; }
  header { background: #0f62d0; color: #fff; padding: 12px 24px; font-size: 20px; font-weight: bold; letter-spacing: -0.5px; }
  main { max-width: 500px; margin: 40px auto; background: #fff; border-radius: 8px; box-shadow: 0 2px 4px rgba(0,0,0,.1), 0 8px 16px rgba(0,0,0,.1); padding: 24px; }
  h1 { font-size: 20px; margin: 0 0 8px; }
  p { line-height: 1.4; }
  .muted { color: #4b4f56; font-size: 14px; }
  .sandbox-tag { color: #fff; font-weight: normal; font-size: 14px; }
  .user { display: flex; align-items: center; gap: 12px; margin: 16px 0; }
  .avatar { width: 40px; height: 40px; border-radius: 50%; background: #e4e6eb; display: grid; place-items: center; font-weight: bold; color: #1c1e21; }
  ul { padding-left: 4px; list-style: none; }
  fieldset { border: 1px solid #dddfe2; border-radius: 6px; padding: 8px 12px; }
  legend { font-size: 14px; color: #4b4f56; padding: 0 4px; }
  li { margin: 6px 0; }
  .notice { background: #fff8e1; border: 1px solid #f0c36d; border-radius: 6px; padding: 8px 12px; font-size: 14px; }
  .actions { display: flex; gap: 12px; margin-top: 24px; }
  button { flex: 1; font-size: 16px; font-weight: bold; padding: 10px 16px; border-radius: 6px; border: 0; cursor: pointer; }
  button.primary { background: #0f62d0; color: #fff; }
  button.secondary { background: #e4e6eb; color: #1c1e21; }
  button:focus-visible { outline: 3px solid #0b3d91; outline-offset: 2px; }
  footer { text-align: center; font-size: 12px; color: #4b4f56; margin: 16px; }
`;

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="icon" href="data:,">
<style>${STYLES}</style>
</head>
<body>
<header aria-label="Meta sandbox">facebook <span class="sandbox-tag">local sandbox</span></header>
${body}
<footer>Adsmith local Meta sandbox — no data leaves this machine.</footer>
</body>
</html>`;
}

export interface ConsentPageInput {
  actionUrl: string;
  appName: string;
  userName: string;
  scopes: string[];
  invalidScopes: string[];
  hidden: Record<string, string>;
}

export function consentPage(input: ConsentPageInput): string {
  const initials = input.userName
    .split(/\s+/)
    .map((word) => word[0] ?? '')
    .join('')
    .slice(0, 2);
  const permissions = ['public_profile', ...input.scopes.filter((scope) => scope !== 'public_profile')];
  const hidden = Object.entries(input.hidden)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('\n');
  const invalid = input.invalidScopes.length
    ? `<p class="notice" role="note">Invalid Scopes: ${escapeHtml(input.invalidScopes.join(', '))}. This message is only shown to developers. Users of your app will ignore these permissions if present.</p>`
    : '';
  return layout(
    `Log in with Facebook — ${input.appName}`,
    `<main aria-labelledby="dialog-title">
<h1 id="dialog-title">${escapeHtml(input.appName)} is requesting access to:</h1>
<div class="user"><span class="avatar" aria-hidden="true">${escapeHtml(initials)}</span><span>Continue as <strong>${escapeHtml(input.userName)}</strong></span></div>
${invalid}
<p class="muted">${escapeHtml(input.appName)} will receive the information above. You can remove this app at any time in your settings.</p>
<form method="post" action="${escapeHtml(input.actionUrl)}">
<fieldset>
<legend>Choose what you allow (untick to decline)</legend>
<ul aria-label="Requested permissions">
${permissions.map((scope) => permissionItem(scope)).join('\n')}
</ul>
</fieldset>
${hidden}
<div class="actions">
<button type="submit" name="decision" value="cancel" class="secondary">Cancel</button>
<button type="submit" name="decision" value="continue" class="primary">Continue</button>
</div>
</form>
</main>`,
  );
}

/**
 * One permission with its checkbox; public_profile is always granted, as on Facebook.
 */
function permissionItem(scope: string): string {
  const label = `${escapeHtml(PERMISSION_DESCRIPTIONS[scope] ?? scope)}</strong> <span class="muted">(${escapeHtml(scope)})</span>`;
  const id = `grant-${escapeHtml(scope)}`;
  if (scope === 'public_profile') {
    return `<li><input type="checkbox" id="${id}" checked disabled> <label for="${id}"><strong>${label} — required</label></li>`;
  }
  return `<li><input type="checkbox" id="${id}" name="grant_${escapeHtml(scope)}" checked> <label for="${id}"><strong>${label}</label></li>`;
}

export function errorPage(title: string, message: string): string {
  return layout(
    `Error — ${title}`,
    `<main aria-labelledby="error-title" role="alert">
<h1 id="error-title">${escapeHtml(title)}</h1>
<p>${escapeHtml(message)}</p>
</main>`,
  );
}
