const unescapeHtml = (text: string) =>
  text.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code))).replace(/&amp;/g, '&');

/**
 * Goes through Meta's consent dialog (the sandbox's) as a person would: open the
 * dialog URL, untick any permissions to decline, press Continue or Cancel (the form posts back), and return where
 * Meta sends the browser: our redirect URI with `code&state` or an error.
 */
export async function consent(
  dialogUrl: string,
  decision: 'continue' | 'cancel',
  options: { untick?: string[] } = {},
): Promise<URL> {
  const page = await fetch(dialogUrl);
  if (!page.ok) throw new Error(`The dialog answered ${page.status}`);
  const html = await page.text();
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
  if (!action) throw new Error('No consent form on the dialog page');
  const fields = new URLSearchParams();
  for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)) {
    fields.set(match[1]!, unescapeHtml(match[2]!));
  }
  // Ticked permission boxes are sent, as a browser does; unticking one leaves it out.
  for (const match of html.matchAll(/<input type="checkbox" id="[^"]*" name="grant_([^"]+)" checked>/g)) {
    if (!options.untick?.includes(match[1]!)) fields.set(`grant_${match[1]!}`, 'on');
  }
  fields.set('decision', decision);
  const reply = await fetch(new URL(unescapeHtml(action), dialogUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: fields,
    redirect: 'manual',
  });
  const location = reply.headers.get('location');
  if (!location) throw new Error(`The dialog did not redirect (${reply.status})`);
  return new URL(location);
}
