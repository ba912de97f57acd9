/* NeuroArena demo: move with the arrow keys / WASD or the mouse; the ship fires automatically. */
(function () {
  'use strict';
  var W = 960, H = 600;
  var canvas = document.getElementById('arena');
  var ctx = canvas.getContext('2d');
  var overlay = document.getElementById('overlay');
  var startBtn = document.getElementById('start');
  var t = {};
  var keys = {};
  var pointer = null;
  var s = null; // game state
  var credits = 0;
  var best = 0;
  var last = 0;

  window.DEMO_GAME = {
    // The item the shop button buys through the demo game server (the project's price list).
    priceId: 'na-gems-80',
    texts: {
      en: {
        title: 'NeuroArena', start: 'Start', again: 'Play again',
        intro: 'Arrow keys, WASD or the mouse move your ship; it fires on its own. Destroy the rogue AI drones and dodge their shots.',
        over: 'Arena lost. Score {s}, best {b}.', score: 'SCORE', shield: 'SHIELD', wave: 'WAVE', credits: 'CREDITS',
        bought: '+100 credits and a full shield', paused: 'PAUSED',
      },
      ru: {
        title: 'NeuroArena', start: 'Старт', again: 'Ещё раз',
        intro: 'Стрелки, WASD или мышь двигают корабль, он стреляет сам. Уничтожайте вышедших из-под контроля ИИ-дронов и уклоняйтесь от их выстрелов.',
        over: 'Арена потеряна. Очки: {s}, рекорд: {b}.', score: 'ОЧКИ', shield: 'ЩИТ', wave: 'ВОЛНА', credits: 'КРЕДИТЫ',
        bought: '+100 кредитов и полный щит', paused: 'ПАУЗА',
      },
    },
    onLanguage: function (tt) {
      t = tt;
      if (!s || !s.running) overlayText(s && s.over);
      draw();
    },
    onPurchase: function () {
      credits += 100;
      if (s && s.running) s.shield = 3;
      window.DemoPortal.status(t.bought, 'success');
      draw();
    },
  };

  function overlayText(over) {
    overlay.querySelector('p').textContent = over
      ? t.over.replace('{s}', s.score).replace('{b}', best)
      : t.intro;
    startBtn.textContent = over ? t.again : t.start;
  }

  function reset() {
    s = {
      running: true, over: false, time: 0, score: 0, shield: 3, wave: 1, inv: 0,
      x: W / 2, y: H - 70, fire: 0, spawn: 0.6,
      bullets: [], drones: [], shots: [], sparks: [],
      stars: Array.from({ length: 70 }, function () { return [Math.random() * W, Math.random() * H, Math.random() * 1.5 + 0.3]; }),
    };
    overlay.hidden = true;
    if (canvas.focus) canvas.focus();
  }

  function spawnDrone() {
    var tier = Math.random() < Math.min(0.5, s.wave * 0.06) ? 2 : 1;
    s.drones.push({
      x: 40 + Math.random() * (W - 80), y: -30, vy: 60 + Math.random() * 40 + s.wave * 10,
      phase: Math.random() * 6.28, amp: 40 + Math.random() * 80, base: 0, hp: tier, tier: tier,
      cool: 1 + Math.random() * 2, r: tier === 2 ? 22 : 16,
    });
    var d = s.drones[s.drones.length - 1];
    d.base = d.x;
  }

  function boom(x, y, color, n) {
    for (var i = 0; i < n; i++) {
      var a = Math.random() * 6.28, v = 60 + Math.random() * 220;
      s.sparks.push({ x: x, y: y, vx: Math.cos(a) * v, vy: Math.sin(a) * v, life: 0.5 + Math.random() * 0.4, c: color });
    }
  }

  function hitPlayer() {
    if (s.inv > 0) return;
    s.shield -= 1;
    s.inv = 1.2;
    boom(s.x, s.y, '#00f0ff', 24);
    if (s.shield <= 0) {
      s.running = false;
      s.over = true;
      best = Math.max(best, s.score);
      overlayText(true);
      overlay.hidden = false;
      startBtn.focus();
    }
  }

  function update(dt) {
    s.time += dt;
    s.wave = 1 + Math.floor(s.time / 20);
    // movement
    var sp = 420 * dt, dx = 0, dy = 0;
    if (keys.ArrowLeft || keys.KeyA) dx -= 1;
    if (keys.ArrowRight || keys.KeyD) dx += 1;
    if (keys.ArrowUp || keys.KeyW) dy -= 1;
    if (keys.ArrowDown || keys.KeyS) dy += 1;
    if (dx || dy) { s.x += dx * sp; s.y += dy * sp; pointer = null; }
    else if (pointer) {
      var px = pointer[0] - s.x, py = pointer[1] - s.y, dist = Math.hypot(px, py);
      if (dist > 2) { var m = Math.min(dist, sp * 1.4) / dist; s.x += px * m; s.y += py * m; }
    }
    s.x = Math.max(24, Math.min(W - 24, s.x));
    s.y = Math.max(H * 0.45, Math.min(H - 30, s.y));
    if (s.inv > 0) s.inv -= dt;
    // fire
    s.fire -= dt;
    if (s.fire <= 0) {
      s.fire = 0.16;
      s.bullets.push({ x: s.x - 8, y: s.y - 20 }, { x: s.x + 8, y: s.y - 20 });
    }
    s.bullets.forEach(function (b) { b.y -= 720 * dt; });
    s.bullets = s.bullets.filter(function (b) { return b.y > -20 && !b.dead; });
    // spawn
    s.spawn -= dt;
    if (s.spawn <= 0) { spawnDrone(); s.spawn = Math.max(0.35, 1.3 - s.wave * 0.12) * (0.6 + Math.random() * 0.8); }
    // drones
    s.drones.forEach(function (d) {
      d.y += d.vy * dt;
      d.phase += dt * 1.6;
      d.x = d.base + Math.sin(d.phase) * d.amp;
      d.cool -= dt;
      if (d.cool <= 0 && d.y > 0 && d.y < H * 0.6) {
        d.cool = 1.8 + Math.random() * 1.8;
        var ax = s.x - d.x, ay = s.y - d.y, l = Math.hypot(ax, ay) || 1, v = 190 + s.wave * 12;
        s.shots.push({ x: d.x, y: d.y, vx: ax / l * v, vy: ay / l * v });
      }
      s.bullets.forEach(function (b) {
        if (!b.dead && Math.abs(b.x - d.x) < d.r && Math.abs(b.y - d.y) < d.r) {
          b.dead = true;
          d.hp -= 1;
          if (d.hp <= 0) { d.dead = true; s.score += 10 * d.tier * s.wave; boom(d.x, d.y, '#ff2bd6', 18); }
          else boom(b.x, b.y, '#ffffff', 4);
        }
      });
      if (!d.dead && Math.hypot(d.x - s.x, d.y - s.y) < d.r + 14) { d.dead = true; boom(d.x, d.y, '#ff2bd6', 18); hitPlayer(); }
      if (d.y > H + 40) d.dead = true;
    });
    s.drones = s.drones.filter(function (d) { return !d.dead; });
    s.shots.forEach(function (b) {
      b.x += b.vx * dt; b.y += b.vy * dt;
      if (Math.hypot(b.x - s.x, b.y - s.y) < 14) { b.dead = true; hitPlayer(); }
      if (b.x < -10 || b.x > W + 10 || b.y < -10 || b.y > H + 10) b.dead = true;
    });
    s.shots = s.shots.filter(function (b) { return !b.dead; });
    s.sparks.forEach(function (p) { p.x += p.vx * dt; p.y += p.vy * dt; p.vx *= 0.96; p.vy *= 0.96; p.life -= dt; });
    s.sparks = s.sparks.filter(function (p) { return p.life > 0; });
    s.stars.forEach(function (st) { st[1] += st[2] * 40 * dt; if (st[1] > H) { st[1] = 0; st[0] = Math.random() * W; } });
  }

  function hex(x, y, r) {
    ctx.beginPath();
    for (var i = 0; i < 6; i++) {
      var a = Math.PI / 3 * i + Math.PI / 6;
      ctx[i ? 'lineTo' : 'moveTo'](x + Math.cos(a) * r, y + Math.sin(a) * r);
    }
    ctx.closePath();
  }

  function draw() {
    ctx.fillStyle = '#07071a';
    ctx.fillRect(0, 0, W, H);
    // grid floor
    ctx.strokeStyle = 'rgba(0,240,255,0.10)';
    ctx.lineWidth = 1;
    for (var gx = 0; gx <= W; gx += 48) { ctx.beginPath(); ctx.moveTo(gx, 0); ctx.lineTo(gx, H); ctx.stroke(); }
    for (var gy = 0; gy <= H; gy += 48) { ctx.beginPath(); ctx.moveTo(0, gy); ctx.lineTo(W, gy); ctx.stroke(); }
    if (!s) return;
    ctx.fillStyle = '#ffffff';
    s.stars.forEach(function (st) { ctx.globalAlpha = st[2] / 2; ctx.fillRect(st[0], st[1], st[2], st[2]); });
    ctx.globalAlpha = 1;
    ctx.shadowBlur = 14;
    // bullets
    ctx.shadowColor = '#00f0ff';
    ctx.fillStyle = '#aaffff';
    s.bullets.forEach(function (b) { ctx.fillRect(b.x - 2, b.y - 9, 4, 14); });
    // drones
    ctx.shadowColor = '#ff2bd6';
    s.drones.forEach(function (d) {
      ctx.strokeStyle = d.tier === 2 ? '#ff7af0' : '#ff2bd6';
      ctx.lineWidth = 3;
      hex(d.x, d.y, d.r);
      ctx.stroke();
      ctx.fillStyle = d.hp < d.tier ? '#ffffff' : '#ff2bd6';
      ctx.beginPath(); ctx.arc(d.x, d.y, d.r * 0.3, 0, 6.28); ctx.fill();
    });
    ctx.fillStyle = '#ff5ae0';
    s.shots.forEach(function (b) { ctx.beginPath(); ctx.arc(b.x, b.y, 5, 0, 6.28); ctx.fill(); });
    // player
    if (s.running && (s.inv <= 0 || Math.floor(s.inv * 12) % 2 === 0)) {
      ctx.shadowColor = '#00f0ff';
      ctx.fillStyle = '#00f0ff';
      ctx.beginPath();
      ctx.moveTo(s.x, s.y - 22); ctx.lineTo(s.x + 18, s.y + 16); ctx.lineTo(s.x, s.y + 8); ctx.lineTo(s.x - 18, s.y + 16);
      ctx.closePath(); ctx.fill();
      ctx.fillStyle = '#ff2bd6';
      ctx.fillRect(s.x - 3, s.y + 10, 6, 8 + Math.random() * 6);
    }
    s.sparks.forEach(function (p) { ctx.globalAlpha = Math.max(0, p.life * 1.6); ctx.fillStyle = p.c; ctx.fillRect(p.x - 2, p.y - 2, 4, 4); });
    ctx.globalAlpha = 1;
    ctx.shadowBlur = 0;
    // HUD
    ctx.font = '700 18px Consolas, Menlo, monospace';
    ctx.fillStyle = '#7ff6ff';
    ctx.textAlign = 'left';
    ctx.fillText((t.score || 'SCORE') + ' ' + s.score, 16, 28);
    ctx.fillText((t.wave || 'WAVE') + ' ' + s.wave, 16, 52);
    ctx.textAlign = 'right';
    ctx.fillStyle = '#ff9cf0';
    ctx.fillText((t.credits || 'CREDITS') + ' ' + credits, W - 16, 28);
    ctx.fillStyle = '#7ff6ff';
    ctx.fillText((t.shield || 'SHIELD') + ' ', W - 16 - 3 * 22, 52);
    for (var i = 0; i < 3; i++) {
      ctx.strokeStyle = '#00f0ff';
      ctx.fillStyle = i < s.shield ? '#00f0ff' : 'transparent';
      hex(W - 16 - 8 - (2 - i) * 22, 46, 8);
      if (i < s.shield) ctx.fill();
      ctx.stroke();
    }
    if (document.hidden && s.running) { ctx.textAlign = 'center'; ctx.fillText(t.paused || 'PAUSED', W / 2, H / 2); }
  }

  function frame(now) {
    var dt = Math.min(0.05, (now - last) / 1000 || 0);
    last = now;
    if (s && s.running && !document.hidden) update(dt);
    draw();
    requestAnimationFrame(frame);
  }

  function toCanvas(e) {
    var r = canvas.getBoundingClientRect();
    return [(e.clientX - r.left) / r.width * W, (e.clientY - r.top) / r.height * H];
  }
  canvas.addEventListener('pointermove', function (e) { pointer = toCanvas(e); });
  canvas.addEventListener('pointerdown', function (e) { pointer = toCanvas(e); });
  canvas.setAttribute('tabindex', '0');
  window.addEventListener('keydown', function (e) {
    if (/^(Arrow|Key[WASD])/.test(e.code)) {
      keys[e.code] = true;
      if (s && s.running) e.preventDefault();
    }
    if ((e.code === 'Enter' || e.code === 'Space') && (!s || !s.running) && document.activeElement !== startBtn) { e.preventDefault(); reset(); }
  });
  window.addEventListener('keyup', function (e) { keys[e.code] = false; });
  window.addEventListener('blur', function () { keys = {}; });
  startBtn.addEventListener('click', reset);
  requestAnimationFrame(frame);
})();
