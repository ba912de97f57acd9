/* FamilyTown demo: click a plot to plant the chosen seed, wait for it to grow, click to harvest. */
(function () {
  'use strict';
  var CROPS = [
    { id: 'wheat', color: '#f0c24a', cost: 1, reward: 4, grow: 3000 },
    { id: 'carrot', color: '#ff8a3d', cost: 3, reward: 10, grow: 6000 },
    { id: 'pumpkin', color: '#f57c00', cost: 6, reward: 20, grow: 10000 },
  ];
  var GOAL = 150;
  var state = { coins: 10, crop: 0, plots: [], t: null, won: false };

  window.DEMO_GAME = {
    // The item the shop button buys through the demo game server (the project's price list).
    priceId: 'ft-coins-100',
    texts: {
      en: {
        title: 'FamilyTown', hint: 'Pick a seed, click an empty plot to plant it, click a ripe crop to harvest.',
        wheat: 'Wheat', carrot: 'Carrot', pumpkin: 'Pumpkin', empty: 'Plant', ripe: 'Harvest!',
        goal: 'Goal: {n} coins to build the barn', won: 'The barn is built! Keep farming.',
        noMoney: 'Not enough coins for these seeds', bought: '+100 coins added to your farm',
      },
      ru: {
        title: 'FamilyTown', hint: 'Выберите семена, нажмите на пустую грядку, чтобы посадить, и на спелый урожай, чтобы собрать.',
        wheat: 'Пшеница', carrot: 'Морковь', pumpkin: 'Тыква', empty: 'Посадить', ripe: 'Собрать!',
        goal: 'Цель: {n} монет на постройку амбара', won: 'Амбар построен! Продолжайте хозяйничать.',
        noMoney: 'Не хватает монет на эти семена', bought: '+100 монет зачислено на ферму',
      },
    },
    onLanguage: function (t) { state.t = t; renderSeeds(); renderAll(); },
    onPurchase: function () { addCoins(100); window.DemoPortal.status(state.t.bought, 'success'); },
  };

  var field = document.getElementById('field');
  var seeds = document.getElementById('seeds');
  var coinsEl = document.getElementById('coins');
  var goalEl = document.getElementById('goal');

  function T(k) { return (state.t && state.t[k]) || k; }

  function renderSeeds() {
    seeds.textContent = '';
    CROPS.forEach(function (c, i) {
      var b = document.createElement('button');
      b.type = 'button';
      b.className = 'seed';
      b.setAttribute('role', 'radio');
      b.setAttribute('aria-checked', String(i === state.crop));
      var dot = document.createElement('span');
      dot.className = 'dot';
      dot.style.background = c.color;
      b.appendChild(dot);
      b.appendChild(document.createTextNode(T(c.id) + ' · ' + c.cost + ' → ' + c.reward));
      b.addEventListener('click', function () { state.crop = i; renderSeeds(); });
      seeds.appendChild(b);
    });
  }

  function makePlots() {
    for (var i = 0; i < 12; i++) {
      var b = document.createElement('button');
      b.type = 'button';
      b.className = 'plot';
      b.innerHTML = '<span class="label"></span><span class="plant"><span class="fruit"></span><span class="leaf"></span><span class="stem"></span></span><span class="progress"><i></i></span>';
      b.addEventListener('click', onPlot.bind(null, i));
      field.appendChild(b);
      state.plots.push({ el: b, crop: -1, planted: 0 });
    }
  }

  function stageOf(p, now) {
    if (p.crop < 0) return 0;
    var f = (now - p.planted) / CROPS[p.crop].grow;
    return f >= 1 ? 3 : f >= 0.45 ? 2 : 1;
  }

  function renderPlot(p, now) {
    var st = stageOf(p, now);
    p.el.setAttribute('data-stage', String(st));
    var label = p.el.querySelector('.label');
    if (st === 0) label.textContent = T('empty');
    else if (st === 3) label.textContent = T('ripe');
    else label.textContent = T(CROPS[p.crop].id);
    p.el.setAttribute('aria-label', label.textContent);
    if (p.crop >= 0) {
      p.el.querySelector('.fruit').style.background = CROPS[p.crop].color;
      var f = Math.min(1, (now - p.planted) / CROPS[p.crop].grow);
      p.el.querySelector('.progress i').style.width = Math.round(f * 100) + '%';
    }
  }

  function renderAll() {
    var now = Date.now();
    state.plots.forEach(function (p) { renderPlot(p, now); });
    coinsEl.textContent = String(state.coins);
    goalEl.textContent = state.won ? T('won') : T('goal').replace('{n}', GOAL);
  }

  function floatText(el, text) {
    var s = document.createElement('span');
    s.className = 'float';
    s.textContent = text;
    el.appendChild(s);
    setTimeout(function () { s.remove(); }, 900);
  }

  function addCoins(n) {
    state.coins += n;
    if (!state.won && state.coins >= GOAL) {
      state.won = true;
      window.DemoPortal.status(T('won'), 'success');
    }
    renderAll();
  }

  function onPlot(i) {
    var p = state.plots[i];
    var now = Date.now();
    var st = stageOf(p, now);
    if (st === 0) {
      var c = CROPS[state.crop];
      if (state.coins < c.cost) { window.DemoPortal.status(T('noMoney'), 'warning'); return; }
      state.coins -= c.cost;
      p.crop = state.crop;
      p.planted = now;
      floatText(p.el, '-' + c.cost);
    } else if (st === 3) {
      var reward = CROPS[p.crop].reward;
      p.crop = -1;
      floatText(p.el, '+' + reward);
      addCoins(reward);
      return;
    }
    renderAll();
  }

  makePlots();
  setInterval(renderAll, 200);
})();
