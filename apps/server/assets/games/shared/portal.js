/*
 * Portal toolbar shared by the demo games, served once at /demo-games/shared/portal.js.
 * Talks to the portal through the game SDK (window.GameSDK from /sdk/game-sdk.js) and fails
 * gracefully with a visible status line when the SDK or the portal is not there.
 * A game defines window.DEMO_GAME = { priceId, texts: { en: {...}, ru: {...} }, onLanguage(t, lang), onPurchase(result) }
 * before DOMContentLoaded; this script wires the toolbar.
 *
 * Buying is what a real game does with its own server: ask the server for a payment of an item
 * (here the portal's demo game server, POST /demo-games/api/{project}/purchases with the
 * player's jwt from userAuth), hand the paymentUrl to sdk.openPayment, and credit the item
 * only when the server says the payment is paid (never on the client's word alone).
 */
(function () {
  'use strict';
  var COMMON = {
    en: {
      signIn: 'Sign in', signOut: 'Sign out', buy: 'Buy coins', support: 'Support', language: 'Language',
      guest: 'Guest', noSdk: 'Game SDK is not loaded: open the game from the portal.',
      noPortal: 'The portal did not answer', needServer: 'Payments need a game server',
      paymentOpen: 'Payment window opened…', paid: 'Payment complete, thank you!',
      notPaid: 'Payment not completed', paymentError: 'Payment failed: ', supportOpened: 'Support opened in the portal',
      signInToBuy: 'Sign in to buy', serverError: 'The game server refused the purchase: ', credited: 'Item credited: ',
      signedIn: 'Signed in as ', signedOut: 'Signed out', langLocal: 'Language switched in the game only',
      unread: ' unread',
    },
    ru: {
      signIn: 'Войти', signOut: 'Выйти', buy: 'Купить монеты', support: 'Поддержка', language: 'Язык',
      guest: 'Гость', noSdk: 'SDK игры не загружен: откройте игру на портале.',
      noPortal: 'Портал не ответил', needServer: 'Для платежей нужен игровой сервер',
      paymentOpen: 'Открыто окно оплаты…', paid: 'Оплата прошла, спасибо!',
      notPaid: 'Оплата не завершена', paymentError: 'Ошибка оплаты: ', supportOpened: 'Поддержка открыта на портале',
      signInToBuy: 'Войдите, чтобы купить', serverError: 'Игровой сервер отклонил покупку: ', credited: 'Покупка зачислена: ',
      signedIn: 'Вы вошли как ', signedOut: 'Вы вышли', langLocal: 'Язык переключён только в игре',
      unread: ' непрочит.',
    },
  };

  var params = new URLSearchParams(window.location.search);
  var lang = params.get('lang') === 'ru' ? 'ru' : 'en';
  var game = window.DEMO_GAME || { texts: { en: {}, ru: {} } };
  var sdk = window.GameSDK;
  var auth = null;
  var statusTimer = 0;

  function texts() {
    var own = (game.texts && game.texts[lang]) || {};
    var base = COMMON[lang];
    var out = {};
    var k;
    for (k in base) out[k] = base[k];
    for (k in own) out[k] = own[k];
    return out;
  }
  function $(id) { return document.getElementById(id); }
  function status(msg, kind) {
    var el = $('status');
    if (!el) return;
    el.textContent = msg;
    el.className = 'status' + (kind ? ' status-' + kind : '');
    clearTimeout(statusTimer);
    if (kind !== 'error') statusTimer = setTimeout(function () { el.textContent = ''; }, 6000);
  }
  function fail(e) {
    var t = texts();
    status(t.noPortal + (e && e.message ? ': ' + e.message : ''), 'error');
  }
  function signedIn() { return !!auth && auth.currentAuthType !== 'unauthorized'; }

  function render() {
    var t = texts();
    document.documentElement.lang = lang;
    if (t.title) document.title = t.title;
    var nodes = document.querySelectorAll('[data-i18n]');
    for (var i = 0; i < nodes.length; i++) {
      var key = nodes[i].getAttribute('data-i18n');
      if (t[key] != null) nodes[i].textContent = t[key];
    }
    $('btn-login').textContent = signedIn() ? t.signOut : t.signIn;
    $('player').textContent = signedIn() ? (auth.nickName || String(auth.userId)) : t.guest;
    $('btn-lang').textContent = t.language + ': ' + lang.toUpperCase();
    if (typeof game.onLanguage === 'function') game.onLanguage(t, lang);
  }
  function setAuth(a) {
    auth = a;
    render();
  }
  function setLang(l) {
    lang = l === 'ru' ? 'ru' : 'en';
    render();
  }
  function setUnread(n) {
    var b = $('unread');
    if (!b) return;
    b.textContent = n > 0 ? String(n) : '';
    b.title = n > 0 ? n + texts().unread : '';
  }
  function ready() {
    if (!sdk) { status(texts().noSdk, 'error'); return false; }
    return true;
  }

  function onLogin() {
    if (!ready()) return;
    var t = texts();
    if (signedIn()) {
      sdk.logout().then(function () { setAuth(null); status(t.signedOut); }, fail);
    } else {
      sdk.login().then(function (a) {
        setAuth(a);
        if (signedIn()) status(texts().signedIn + (a.nickName || a.userId));
      }, fail);
    }
  }
  /** The project of this demo game: DEMO_GAME.project, else the folder of /demo-games/{project}/. */
  function project() {
    if (game.project) return game.project;
    var m = /\/demo-games\/([^/]+)\//.exec(window.location.pathname);
    return m ? m[1] : '';
  }
  /** The demo game server (the portal's stand-in for a developer's game server). */
  function gameServer(method, path, body) {
    return fetch('/demo-games/api/' + encodeURIComponent(project()) + '/purchases' + path, {
      method: method,
      headers: { 'content-type': 'application/json', authorization: 'Bearer ' + auth.jwt },
      body: body ? JSON.stringify(body) : undefined,
    }).then(function (res) {
      return res.json().then(function (data) {
        if (!res.ok) throw new Error((data && data.message) || String(res.status));
        return data;
      });
    });
  }
  /** A payment URL: the button's own, else a new purchase of DEMO_GAME.priceId from the game server. */
  function paymentUrl(ev) {
    var fixed = ev.currentTarget.getAttribute('data-payment-url') || document.body.getAttribute('data-payment-url');
    if (fixed) return Promise.resolve(fixed);
    if (!game.priceId) return Promise.reject(new Error(texts().needServer));
    var signIn = signedIn() ? Promise.resolve(auth) : (status(texts().signInToBuy), sdk.login().then(function (a) { setAuth(a); return a; }));
    return signIn.then(function () {
      if (!signedIn()) throw new Error(texts().signInToBuy);
      return gameServer('POST', '', { priceId: game.priceId }).then(
        function (purchase) { return purchase.paymentUrl; },
        function (e) { throw new Error(texts().serverError + e.message); }
      );
    });
  }
  function onBuy(ev) {
    if (!ready()) return;
    paymentUrl(ev).then(function (url) {
      status(texts().paymentOpen);
      return sdk.openPayment(url);
    }).then(function (r) {
      var tt = texts();
      if (r.isError) { status(tt.paymentError + (r.errorCode != null ? r.errorCode : r.status), 'error'); return; }
      if (r.status !== 'paid') { status(tt.notPaid + ' (' + r.status + ')', 'warning'); return; }
      // Credit only what the game server says is paid (a webhook would tell a real one).
      var check = r.paymentId && game.priceId && signedIn()
        ? gameServer('GET', '/' + encodeURIComponent(r.paymentId))
        : Promise.resolve({ credited: true, title: null });
      return check.then(function (purchase) {
        if (!purchase.credited) { status(tt.notPaid + ' (' + purchase.status + ')', 'warning'); return; }
        var title = purchase.title ? purchase.title[lang] || purchase.title.en : '';
        var credited = $('credited');
        if (credited) credited.textContent = title ? tt.credited + title : '';
        status(tt.paid, 'success');
        if (typeof game.onPurchase === 'function') game.onPurchase(r, purchase);
      });
    }).catch(function (e) { status((e && e.message) || String(e), 'error'); });
  }
  function onSupport() {
    if (!ready()) return;
    try {
      sdk.openSupport();
      status(texts().supportOpened);
    } catch (e) { fail(e); }
  }
  function onLang() {
    var next = lang === 'ru' ? 'en' : 'ru';
    if (!sdk) { setLang(next); status(texts().langLocal, 'warning'); return; }
    sdk.changeLanguage(next).then(setLang, function (e) { setLang(next); fail(e); });
  }

  function init() {
    render();
    $('btn-login').addEventListener('click', onLogin);
    $('btn-buy').addEventListener('click', onBuy);
    $('btn-support').addEventListener('click', onSupport);
    $('btn-lang').addEventListener('click', onLang);
    if (!sdk) { status(texts().noSdk, 'error'); return; }
    sdk.on('userAuth', setAuth);
    sdk.on('logout', function () { setAuth(null); });
    sdk.on('languageChange', setLang);
    sdk.on('unreadSupportCount', setUnread);
    sdk.getUserAuth().then(setAuth, fail);
    sdk.getUnreadSupportCount().then(setUnread, function () { /* optional */ });
  }

  window.DemoPortal = { texts: texts, status: status, get lang() { return lang; } };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', init);
  else init();
})();
