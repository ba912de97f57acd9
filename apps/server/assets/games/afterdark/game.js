/* After Dark demo: a short branching visual novel. Click the text box (or press Space/Enter) to continue. */
(function () {
  'use strict';
  // Each node: bg, who (speaker id or null), text {en, ru}, then next (id) or choices [{en, ru, to, love}].
  var STORY = {
    start: { bg: 'street', who: null,
      en: 'Rain on neon. Above a door with no handle the sign of the Velvet Moon hums like a held note.',
      ru: 'Дождь по неону. Над дверью без ручки вывеска «Velvet Moon» гудит, как затянутая нота.',
      choices: [
        { en: 'Knock on the door', ru: 'Постучать в дверь', to: 'knock' },
        { en: 'Walk round to the back alley', ru: 'Обойти клуб со двора', to: 'alley' },
      ] },
    knock: { bg: 'street', who: 'rex',
      en: 'A slot opens. “Members only. Unless Mira says otherwise.”',
      ru: 'Открывается окошко. «Только для своих. Если Мира не скажет иначе».',
      choices: [
        { en: '“I’m here for the music.”', ru: '«Я пришёл ради музыки».', to: 'club' },
        { en: '“Tell Mira the writer is here.”', ru: '«Передайте Мире, что пришёл журналист».', to: 'club', love: 1 },
      ] },
    alley: { bg: 'street', who: 'mira',
      en: 'The back door is ajar. A cigarette glows in the dark. “Lost, or looking for trouble?”',
      ru: 'Задняя дверь приоткрыта. В темноте тлеет сигарета. «Заблудились или ищете неприятностей?»',
      choices: [
        { en: '“Looking for you, actually.”', ru: '«Вообще-то ищу вас».', to: 'bar', love: 1 },
        { en: '“Lost. Definitely lost.”', ru: '«Заблудился. Совершенно точно».', to: 'bar' },
      ] },
    club: { bg: 'club', who: null,
      en: 'Inside, a saxophone bleeds slow blue notes. Velvet booths, low lamps, a stage waiting for someone.',
      ru: 'Внутри саксофон тянет медленные синие ноты. Бархатные диваны, низкие лампы, сцена, которая кого-то ждёт.',
      next: 'bar' },
    bar: { bg: 'bar', who: 'mira',
      en: 'Mira slides a glass across the bar. “First one’s on the house. The second costs a story.”',
      ru: 'Мира пододвигает бокал по стойке. «Первый — за счёт заведения. Второй стоит одну историю».',
      choices: [
        { en: 'Tell the truth: you are writing about the club', ru: 'Сказать правду: вы пишете статью о клубе', to: 'truth', love: 1 },
        { en: 'Say you are just passing through', ru: 'Сказать, что вы здесь проездом', to: 'passing' },
      ] },
    truth: { bg: 'bar', who: 'mira',
      en: '“Everyone who writes about the Moon ends up writing about its owner. He doesn’t like that.”',
      ru: '«Все, кто пишет о „Луне“, в итоге пишут о её хозяине. Ему это не нравится».',
      choices: [
        { en: 'Ask about the owner', ru: 'Спросить о хозяине', to: 'owner' },
        { en: 'Ask about her instead', ru: 'Спросить о ней самой', to: 'her', love: 1 },
      ] },
    passing: { bg: 'bar', who: 'mira',
      en: 'She smiles without believing a word. “Nobody passes through here at two in the morning.”',
      ru: 'Она улыбается, не веря ни слову. «В два часа ночи сюда никто не заходит проездом».',
      next: 'her' },
    her: { bg: 'bar', who: 'mira',
      en: '“I sing on Thursdays. I pour drinks the rest of the week. And I listen. You’d be surprised what people say after midnight.”',
      ru: '«По четвергам я пою. В остальные дни наливаю. И слушаю. Вы удивитесь, что люди говорят после полуночи».',
      choices: [
        { en: 'Ask her to sing something', ru: 'Попросить её спеть', to: 'song', love: 1 },
        { en: 'Ask what she has heard lately', ru: 'Спросить, что она слышала в последнее время', to: 'owner' },
      ] },
    owner: { bg: 'club', who: 'rex',
      en: 'A shadow fills the doorway. “Mira. The boss wants you upstairs. Now.”',
      ru: 'В дверях вырастает тень. «Мира. Босс ждёт тебя наверху. Сейчас же».',
      choices: [
        { en: '“She’s busy. With me.”', ru: '«Она занята. Мной».', to: 'roofCheck', love: 1 },
        { en: 'Let her go', ru: 'Отпустить её', to: 'endAlone' },
      ] },
    song: { bg: 'club', who: 'mira',
      en: 'She steps onto the empty stage and sings, low and unhurried, as if the room were full — and as if it held only you.',
      ru: 'Она поднимается на пустую сцену и поёт — тихо, не спеша, будто зал полон, и будто в нём только вы.',
      next: 'roofCheck' },
    roof: { bg: 'roof', who: 'mira',
      en: 'On the roof the city hums below. “Come back Thursday,” she says. “I’ll save you the seat by the stage.”',
      ru: 'На крыше внизу гудит город. «Приходите в четверг, — говорит она. — Я оставлю вам место у сцены».',
      next: 'endTogether' },
    friends: { bg: 'bar', who: 'mira',
      en: '“It’s late, writer.” She takes your empty glass. “Same time tomorrow? The second drink still costs a story.”',
      ru: '«Поздно, журналист». Она забирает пустой бокал. «Завтра в то же время? Второй бокал всё ещё стоит истории».',
      next: 'endFriends' },
    endAlone: { bg: 'end', who: null, ending: 1,
      en: 'The door closes behind her. The rain keeps falling. Some stories you only get to read once.',
      ru: 'Дверь за ней закрывается. Дождь всё идёт. Некоторые истории можно прочесть только однажды.' },
    endFriends: { bg: 'end', who: null, ending: 2,
      en: 'You walk home through the rain, already planning tomorrow’s question.',
      ru: 'Вы идёте домой под дождём и уже придумываете вопрос на завтра.' },
    endTogether: { bg: 'end', who: null, ending: 3,
      en: 'Thursday can’t come soon enough.',
      ru: 'Скорее бы четверг.' },
  };
  var ENDINGS = {
    en: { 1: 'Ending: Last Call', 2: 'Ending: A Regular', 3: 'Ending: Thursday’s Seat' },
    ru: { 1: 'Финал: Последний заказ', 2: 'Финал: Постоянный гость', 3: 'Финал: Место у сцены' },
  };

  var scene = document.getElementById('scene');
  var actor = document.getElementById('actor');
  var box = document.getElementById('box');
  var whoEl = document.getElementById('who');
  var lineEl = document.getElementById('line');
  var moreEl = document.getElementById('more');
  var choicesEl = document.getElementById('choices');
  var t = {}, lang = 'en';
  var node = 'start', love = 0, typing = 0, shown = 0, full = '';

  window.DEMO_GAME = {
    // The item the shop button buys through the demo game server (the project's price list).
    priceId: 'ad-key-chapter',
    texts: {
      en: { title: 'After Dark', mira: 'Mira', rex: 'Rex', again: 'Play again', bought: 'Coins added: the next drink is on you', love: 'Mira likes that.' },
      ru: { title: 'After Dark', mira: 'Мира', rex: 'Рекс', again: 'Сыграть снова', bought: 'Монеты зачислены: следующий бокал за вами', love: 'Мире это нравится.' },
    },
    onLanguage: function (tt, l) { t = tt; lang = l; show(node, true); },
    onPurchase: function () { window.DemoPortal.status(t.bought, 'success'); },
  };

  function resolveNode(id) {
    if (id === 'roofCheck') return love >= 3 ? 'roof' : 'friends';
    return id;
  }

  function finishTyping() {
    clearInterval(typing);
    typing = 0;
    shown = full.length;
    lineEl.textContent = full;
    renderChoices();
  }

  function renderChoices() {
    var n = STORY[node];
    choicesEl.textContent = '';
    moreEl.hidden = !(n.next && !typing);
    if (typing) return;
    if (n.choices) {
      n.choices.forEach(function (c) {
        var b = document.createElement('button');
        b.type = 'button';
        b.textContent = c[lang] || c.en;
        b.addEventListener('click', function (e) {
          e.stopPropagation();
          if (c.love) { love += c.love; window.DemoPortal.status(t.love); }
          show(resolveNode(c.to));
        });
        choicesEl.appendChild(b);
      });
    }
    if (n.ending) {
      var p = document.createElement('p');
      p.className = 'ending';
      p.textContent = ENDINGS[lang][n.ending];
      choicesEl.appendChild(p);
      var again = document.createElement('button');
      again.type = 'button';
      again.textContent = t.again;
      again.addEventListener('click', function (e) { e.stopPropagation(); love = 0; show('start'); });
      choicesEl.appendChild(again);
    }
    var first = choicesEl.querySelector('button');
    if (first && document.activeElement === box) first.focus();
  }

  function show(id, instant) {
    node = id;
    var n = STORY[id];
    scene.setAttribute('data-bg', n.bg);
    actor.classList.toggle('on', !!n.who);
    if (n.who) actor.setAttribute('data-who', n.who);
    whoEl.textContent = n.who ? t[n.who] || n.who : '';
    lineEl.classList.toggle('narration', !n.who);
    full = n[lang] || n.en;
    clearInterval(typing);
    typing = 0;
    if (instant) { finishTyping(); return; }
    shown = 0;
    lineEl.textContent = '';
    choicesEl.textContent = '';
    moreEl.hidden = true;
    typing = setInterval(function () {
      shown += 2;
      lineEl.textContent = full.slice(0, shown);
      if (shown >= full.length) finishTyping();
    }, 22);
  }

  function advance() {
    if (typing) { finishTyping(); return; }
    var n = STORY[node];
    if (n.next) show(resolveNode(n.next));
  }

  box.addEventListener('click', advance);
  document.addEventListener('keydown', function (e) {
    if ((e.code === 'Space' || e.code === 'Enter') && !(e.target instanceof HTMLButtonElement)) { e.preventDefault(); advance(); }
  });
  show('start');
})();
