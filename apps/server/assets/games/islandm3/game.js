/* Island Match 3 demo: 6x6 board; click a tile, then a neighbour to swap; lines of 3+ score. */
(function () {
  'use strict';
  var N = 6, KINDS = 5, MOVES = 20;
  var board = document.getElementById('board');
  var scoreEl = document.getElementById('score');
  var movesEl = document.getElementById('moves');
  var bestEl = document.getElementById('best');
  var again = document.getElementById('again');
  var hint = document.getElementById('hint');
  var t = {};
  var grid = [], cells = [], sel = -1, busy = false, score = 0, moves = MOVES, best = 0, over = false;

  window.DEMO_GAME = {
    // The item the shop button buys through the demo game server (the project's price list).
    priceId: 'im3-energy-5',
    texts: {
      en: {
        title: 'Island Match 3', dev: 'In development · preview', score: 'Score', moves: 'Moves', best: 'Best',
        hint: 'Click a tile, then a neighbouring tile to swap them. Line up 3 or more of a kind.',
        again: 'Play again', over: 'Out of moves! Final score: {s}', combo: 'Combo ×{n}!', bought: '+5 moves from the shop',
        kinds: ['coral', 'sun', 'leaf', 'shell', 'starfish'],
      },
      ru: {
        title: 'Island Match 3', dev: 'В разработке · предварительная версия', score: 'Очки', moves: 'Ходы', best: 'Рекорд',
        hint: 'Нажмите на фишку, затем на соседнюю, чтобы поменять их местами. Соберите 3 и более одинаковых в ряд.',
        again: 'Играть снова', over: 'Ходы закончились! Итог: {s}', combo: 'Комбо ×{n}!', bought: '+5 ходов из магазина',
        kinds: ['коралл', 'солнце', 'лист', 'ракушка', 'морская звезда'],
      },
    },
    onLanguage: function (tt) { t = tt; if (over) hint.textContent = t.over.replace('{s}', score); render(); },
    onPurchase: function () {
      moves += 5;
      if (over) { over = false; again.hidden = true; hint.textContent = t.hint; }
      window.DemoPortal.status(t.bought, 'success');
      render();
    },
  };

  function rnd() { return Math.floor(Math.random() * KINDS); }
  function at(r, c) { return r >= 0 && r < N && c >= 0 && c < N ? grid[r * N + c] : -1; }

  function fill() {
    do {
      for (var i = 0; i < N * N; i++) {
        var r = Math.floor(i / N), c = i % N, k;
        do { k = rnd(); } while ((c >= 2 && grid[i - 1] === k && grid[i - 2] === k) || (r >= 2 && grid[i - N] === k && grid[i - 2 * N] === k));
        grid[i] = k;
      }
    } while (!hasMove());
  }

  function findMatches() {
    var hit = new Set();
    for (var r = 0; r < N; r++) {
      for (var c = 0; c < N; c++) {
        var k = at(r, c);
        if (k < 0) continue;
        if (at(r, c + 1) === k && at(r, c + 2) === k) { var j = c; while (at(r, j) === k) { hit.add(r * N + j); j++; } }
        if (at(r + 1, c) === k && at(r + 2, c) === k) { var q = r; while (at(q, c) === k) { hit.add(q * N + c); q++; } }
      }
    }
    return hit;
  }

  function swap(a, b) { var x = grid[a]; grid[a] = grid[b]; grid[b] = x; }

  function hasMove() {
    for (var i = 0; i < N * N; i++) {
      var nb = [i % N < N - 1 ? i + 1 : -1, i + N < N * N ? i + N : -1];
      for (var j = 0; j < 2; j++) {
        if (nb[j] < 0) continue;
        swap(i, nb[j]);
        var ok = findMatches().size > 0;
        swap(i, nb[j]);
        if (ok) return true;
      }
    }
    return false;
  }

  function collapse() {
    var dropped = [];
    for (var c = 0; c < N; c++) {
      var w = N - 1;
      for (var r = N - 1; r >= 0; r--) {
        var k = grid[r * N + c];
        if (k >= 0) { if (w !== r) dropped.push(w * N + c); grid[w * N + c] = k; w--; }
      }
      for (; w >= 0; w--) { grid[w * N + c] = rnd(); dropped.push(w * N + c); }
    }
    return dropped;
  }

  function build() {
    board.textContent = '';
    cells = [];
    for (var i = 0; i < N * N; i++) {
      var b = document.createElement('button');
      b.type = 'button';
      b.className = 'cell';
      b.setAttribute('role', 'gridcell');
      var s = document.createElement('span');
      s.className = 'tile';
      b.appendChild(s);
      b.addEventListener('click', onCell.bind(null, i));
      board.appendChild(b);
      cells.push(b);
    }
  }

  function render() {
    for (var i = 0; i < N * N; i++) {
      var k = grid[i];
      cells[i].firstChild.className = 'tile' + (k >= 0 ? ' t' + k : '');
      cells[i].classList.toggle('sel', i === sel);
      cells[i].setAttribute('aria-label', (t.kinds && k >= 0 ? t.kinds[k] : '') + ' ' + (Math.floor(i / N) + 1) + ':' + (i % N + 1));
    }
    scoreEl.textContent = String(score);
    movesEl.textContent = String(moves);
    bestEl.textContent = String(best);
  }

  function wait(ms) { return new Promise(function (res) { setTimeout(res, ms); }); }

  function resolve(chain) {
    var hit = findMatches();
    if (!hit.size) {
      if (!hasMove()) { fill(); render(); }
      return Promise.resolve();
    }
    score += hit.size * 10 * chain;
    if (chain > 1) window.DemoPortal.status(t.combo.replace('{n}', chain), 'success');
    hit.forEach(function (i) { cells[i].classList.add('pop'); });
    render();
    return wait(250).then(function () {
      hit.forEach(function (i) { grid[i] = -1; cells[i].classList.remove('pop'); });
      var dropped = collapse();
      dropped.forEach(function (i) { cells[i].classList.add('drop'); });
      render();
      return wait(260).then(function () {
        dropped.forEach(function (i) { cells[i].classList.remove('drop'); });
        return resolve(chain + 1);
      });
    });
  }

  function endIfNeeded() {
    if (moves > 0) return;
    over = true;
    best = Math.max(best, score);
    hint.textContent = t.over.replace('{s}', score);
    again.hidden = false;
    render();
  }

  function onCell(i) {
    if (busy || over) return;
    if (sel < 0) { sel = i; render(); return; }
    if (sel === i) { sel = -1; render(); return; }
    var a = sel, b = i;
    var adjacent = (Math.abs(a - b) === 1 && Math.floor(a / N) === Math.floor(b / N)) || Math.abs(a - b) === N;
    if (!adjacent) { sel = i; render(); return; }
    sel = -1;
    swap(a, b);
    if (!findMatches().size) {
      render();
      busy = true;
      cells[a].classList.add('shake'); cells[b].classList.add('shake');
      wait(300).then(function () {
        swap(a, b);
        cells[a].classList.remove('shake'); cells[b].classList.remove('shake');
        busy = false;
        render();
      });
      return;
    }
    moves -= 1;
    busy = true;
    resolve(1).then(function () { busy = false; render(); endIfNeeded(); });
  }

  function start() {
    score = 0; moves = MOVES; over = false; sel = -1;
    again.hidden = true;
    hint.textContent = t.hint || '';
    fill();
    render();
  }

  again.addEventListener('click', start);
  build();
  start();
})();
