/* global window, document, location */
/*
 * Adsmith signals snippet: sends each conversion to the Meta pixel and to your own first-party Conversions API
 * endpoint with the same event id, so Meta counts it once (it de-duplicates a browser and a server event with the same
 * event_name and event_id received within 48 hours).
 *
 *   <script src="https://YOUR-ADSMITH/signals.js" data-site-key="adsk_…" async></script>
 *   adsmithSignals.setConsent(true);             // after the visitor agreed to share their details with Meta
 *   adsmithSignals.track('Purchase', { value: 42, currency: 'EUR' }, { user: { em: 'a@b.com', ph: '+33 6…' } });
 *
 * Without consent the snippet sends no customer information (no contact details, no fbp/fbc cookies) and the endpoint
 * keeps none either. Contact details are sent raw over HTTPS to your endpoint, which hashes them (SHA-256 of Meta's
 * normalised form) before anything is stored or sent to Meta.
 */
(function () {
  'use strict';
  var script = document.currentScript;
  var siteKey = script && script.getAttribute('data-site-key');
  var endpoint = new URL('/api/signals/events', script ? script.src : location.href).href;
  var consent = false;
  var queued = (window.adsmithSignals && window.adsmithSignals.q) || [];

  function cookie(name) {
    var match = document.cookie.match(new RegExp('(?:^|; )' + name + '=([^;]*)'));
    return match ? decodeURIComponent(match[1]) : undefined;
  }

  function newEventId() {
    if (window.crypto && typeof window.crypto.randomUUID === 'function') return window.crypto.randomUUID();
    return Date.now().toString(36) + '-' + Math.random().toString(36).slice(2);
  }

  /** Posts as text/plain: a simple request, so no CORS preflight is needed from the customer's site. */
  function post(body) {
    var text = JSON.stringify(body);
    if (navigator.sendBeacon && navigator.sendBeacon(endpoint, new Blob([text], { type: 'text/plain' }))) return;
    fetch(endpoint, {
      method: 'POST',
      mode: 'no-cors',
      keepalive: true,
      headers: { 'Content-Type': 'text/plain' },
      body: text,
    });
  }

  /** Tracks one event on both paths; returns its event id. */
  function track(eventName, customData, options) {
    options = options || {};
    var eventId = options.eventId || newEventId();
    var withConsent = options.consent === undefined ? consent : options.consent === true;
    if (typeof window.fbq === 'function') window.fbq('track', eventName, customData || {}, { eventID: eventId });
    if (!siteKey) {
      if (window.console) window.console.warn('adsmith signals: no data-site-key on the script tag');
      return eventId;
    }
    var userData = { client_user_agent: navigator.userAgent };
    if (withConsent) {
      var user = options.user || {};
      for (var field in user) if (Object.prototype.hasOwnProperty.call(user, field)) userData[field] = user[field];
      var fbp = cookie('_fbp');
      var fbc = cookie('_fbc');
      if (fbp) userData.fbp = fbp;
      if (fbc) userData.fbc = fbc;
    }
    var event = {
      event_name: eventName,
      event_time: Math.floor(Date.now() / 1000),
      event_id: eventId,
      action_source: 'website',
      event_source_url: location.href,
      user_data: userData,
    };
    if (customData) event.custom_data = customData;
    post({ key: siteKey, consent: withConsent, data: [event] });
    return eventId;
  }

  window.adsmithSignals = {
    track: track,
    setConsent: function (given) {
      consent = given === true;
    },
  };
  // Calls made before the snippet loaded (adsmithSignals.q = [['track', …]]).
  for (var i = 0; i < queued.length; i++) {
    var call = queued[i];
    if (call[0] === 'setConsent') window.adsmithSignals.setConsent(call[1]);
    else if (call[0] === 'track') track(call[1], call[2], call[3]);
  }
})();
