import type { CheckoutSession, PortalSession, Price, Subscription } from './stripe-store';

/**
 * The hosted Checkout and customer portal pages a person sees on the twin.
 * Plain server-rendered HTML with labelled fields; no script needed.
 */
const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function formatAmount(cents: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);
}

const formatDate = (seconds: number): string =>
  new Date(seconds * 1000).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });

const planName = (price: Price): string => {
  const plan = price.metadata.plan ?? price.product;
  return `Adsmith ${plan.charAt(0).toUpperCase()}${plan.slice(1)}`;
};

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="icon" href="data:,">
<style>
  body { font-family: system-ui, sans-serif; background: #f6f9fc; color: #1a1f36; margin: 0; }
  main { max-width: 440px; margin: 40px auto; background: #fff; border-radius: 12px; padding: 32px;
         box-shadow: 0 2px 12px rgba(26,31,54,.12); }
  h1 { font-size: 1.25rem; margin: 0 0 4px; } .price { font-size: 2rem; font-weight: 700; margin: 8px 0 24px; }
  label { display: block; font-weight: 600; font-size: .9rem; margin: 16px 0 6px; }
  input { width: 100%; box-sizing: border-box; padding: 10px 12px; border: 1px solid #8792a2; border-radius: 6px; font-size: 1rem; }
  .row { display: flex; gap: 12px; } .row > div { flex: 1; }
  button { width: 100%; margin-top: 24px; padding: 12px; border: 0; border-radius: 6px; background: #4b3fce; color: #fff;
           font-size: 1rem; font-weight: 600; cursor: pointer; }
  button.secondary { background: #fff; color: #4b3fce; border: 1px solid #4b3fce; }
  .error { background: #fde8e8; color: #8a1c1c; border-radius: 6px; padding: 10px 12px; margin-top: 16px; }
  .note { background: #eef2ff; border-radius: 6px; padding: 10px 12px; font-size: .85rem; margin-top: 20px; }
  a { color: #4b3fce; } .muted { color: #4f566b; font-size: .9rem; }
</style></head><body><main>${body}</main></body></html>`;
}

export function checkoutPage(session: CheckoutSession, price: Price, error?: string): string {
  const interval = price.recurring.interval === 'month' ? 'per month' : 'per year';
  const email = session.customer_email ?? '';
  return page(
    `Subscribe to ${planName(price)}`,
    `${session.cancel_url ? `<p><a href="${escapeHtml(session.cancel_url)}">← Back to Adsmith</a></p>` : ''}
<h1>Subscribe to ${escapeHtml(planName(price))}</h1>
<p class="price">${formatAmount(price.unit_amount, price.currency)} <span class="muted">${interval}</span></p>
<form method="post" action="/c/pay/${escapeHtml(session.id)}">
  <label for="email">Email</label>
  <input id="email" name="email" type="email" required autocomplete="email" value="${escapeHtml(email)}"${email ? ' readonly' : ''}>
  <label for="card_number">Card number</label>
  <input id="card_number" name="card_number" inputmode="numeric" autocomplete="cc-number" required placeholder="1234 1234 1234 1234">
  <div class="row">
    <div><label for="expiry">Expiry (MM / YY)</label><input id="expiry" name="expiry" required placeholder="MM / YY" autocomplete="cc-exp"></div>
    <div><label for="cvc">CVC</label><input id="cvc" name="cvc" inputmode="numeric" required placeholder="123" autocomplete="cc-csc"></div>
  </div>
  <label for="cardholder">Cardholder name</label>
  <input id="cardholder" name="cardholder" required autocomplete="cc-name">
  ${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
  <button type="submit">Subscribe</button>
</form>
<p class="note">Test mode (the Adsmith twin's Stripe stand-in). 4242 4242 4242 4242 succeeds;
4000 0000 0000 0002 is declined; any future expiry and any CVC.</p>`,
  );
}

export function checkoutClosedPage(session: CheckoutSession): string {
  const message = session.status === 'complete' ? 'This checkout is already paid.' : 'This checkout has expired.';
  return page(
    'Checkout',
    `<h1>${message}</h1><p><a href="${escapeHtml(session.success_url.split('?')[0]!)}">Return to Adsmith</a></p>`,
  );
}

export function portalPage(session: PortalSession, subscriptions: Subscription[], notice?: string): string {
  const rows = subscriptions
    .filter((s) => s.status !== 'canceled')
    .map((subscription) => {
      const item = subscription.items.data[0]!;
      const end = formatDate(item.current_period_end);
      const state = subscription.cancel_at_period_end
        ? `Cancels on ${end}`
        : subscription.status === 'past_due'
          ? `Payment failed — the last renewal was not paid`
          : `Renews on ${end}`;
      const action = subscription.cancel_at_period_end
        ? `<button type="submit" name="action" value="renew">Renew plan</button>`
        : `<button type="submit" name="action" value="cancel" class="secondary">Cancel plan</button>`;
      return `<section aria-label="${escapeHtml(planName(item.price))}">
<h2>${escapeHtml(planName(item.price))}</h2>
<p>${formatAmount(item.price.unit_amount, item.price.currency)} per ${item.price.recurring.interval} · ${escapeHtml(state)}</p>
<form method="post" action="/p/session/${escapeHtml(session.id)}">
  <input type="hidden" name="subscription" value="${escapeHtml(subscription.id)}">${action}
</form>
<form method="post" action="/p/session/${escapeHtml(session.id)}" class="note">
  <input type="hidden" name="subscription" value="${escapeHtml(subscription.id)}">
  <p>Test clock (stand-in only): end the current period now.</p>
  <button type="submit" name="action" value="renewal-succeeds" class="secondary">Renewal succeeds</button>
  <button type="submit" name="action" value="renewal-fails" class="secondary">Renewal payment fails</button>
  <button type="submit" name="action" value="renewal-card" class="secondary">Renew with the card on file</button>
</form></section>`;
    })
    .join('');
  return page(
    'Manage your Adsmith plan',
    `<h1>Manage your plan</h1>
${notice ? `<p class="note" role="status">${escapeHtml(notice)}</p>` : ''}
${rows || '<p>You have no active subscription.</p>'}
<form method="post" action="/p/session/${escapeHtml(session.id)}">
  <h2>Card on file</h2>
  <label for="card_number">New card number</label>
  <input id="card_number" name="card_number" inputmode="numeric" autocomplete="cc-number" required>
  <p class="muted">Test cards: 4242 4242 4242 4242 pays; 4000 0000 0000 0341 saves but every later charge fails.</p>
  <button type="submit" name="action" value="update-card" class="secondary">Use this card</button>
</form>
${session.return_url ? `<p><a href="${escapeHtml(session.return_url)}">Return to Adsmith</a></p>` : ''}`,
  );
}
