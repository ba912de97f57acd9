import type { GameTexts } from './types.ts';

export const neuroarenaTexts: GameTexts = {
  ru: {
    name: 'Нейроарена',
    cardDescription: 'Обучайте боевых роботов и выводите их на арену против соперников со всего мира.',
    fullDescription:
      'Соберите отряд роботов, настройте их нейросети и отправьте в бой. Каждый поединок делает ваших бойцов умнее: они запоминают приёмы противников и сами находят новые тактики. Поднимайтесь в еженедельном рейтинге, участвуйте в турнирах сезона и открывайте редкие модули брони и оружия.',
    keywords: 'роботы, арена, PvP, тактика, нейросеть, онлайн-игра',
  },
  en: {
    name: 'Neuro Arena',
    cardDescription: 'Train battle robots and send them into the arena against rivals from around the world.',
    fullDescription:
      'Assemble a squad of robots, tune their neural networks and send them into battle. Every match makes your fighters smarter: they remember opponents’ moves and discover new tactics on their own. Climb the weekly leaderboard, compete in season tournaments and unlock rare armour and weapon modules.',
    keywords: 'robots, arena, PvP, tactics, neural network, online game',
  },
  de: {
    name: 'Neuro-Arena',
    cardDescription: 'Trainiere Kampfroboter und schicke sie gegen Gegner aus aller Welt in die Arena.',
    fullDescription:
      'Stelle einen Trupp Roboter zusammen, justiere ihre neuronalen Netze und schicke sie in den Kampf. Jedes Duell macht deine Kämpfer klüger: Sie merken sich die Züge der Gegner und entwickeln selbst neue Taktiken. Steige in der Wochenrangliste auf, tritt in Saisonturnieren an und schalte seltene Rüstungs- und Waffenmodule frei.',
    keywords: 'Roboter, Arena, PvP, Taktik, neuronales Netz, Onlinespiel',
  },
  es: {
    name: 'Neuroarena',
    cardDescription: 'Entrena robots de combate y llévalos a la arena contra rivales de todo el mundo.',
    fullDescription:
      'Reúne un escuadrón de robots, ajusta sus redes neuronales y envíalos al combate. Cada duelo hace más listos a tus luchadores: recuerdan los movimientos de sus rivales y descubren nuevas tácticas por sí mismos. Sube en la clasificación semanal, compite en los torneos de temporada y desbloquea módulos raros de armadura y armas.',
    keywords: 'robots, arena, PvP, táctica, red neuronal, juego en línea',
  },
  fr: {
    name: 'Neuro Arène',
    cardDescription: 'Entraînez des robots de combat et lancez-les dans l’arène contre des rivaux du monde entier.',
    fullDescription:
      'Formez une escouade de robots, réglez leurs réseaux neuronaux et envoyez-les au combat. Chaque duel rend vos combattants plus malins : ils retiennent les coups de leurs adversaires et inventent seuls de nouvelles tactiques. Grimpez dans le classement hebdomadaire, disputez les tournois de saison et débloquez de rares modules d’armure et d’armes.',
    keywords: 'robots, arène, JcJ, tactique, réseau neuronal, jeu en ligne',
  },
  it: {
    name: 'Neuroarena',
    cardDescription: 'Addestra robot da combattimento e mandali nell’arena contro rivali di tutto il mondo.',
    fullDescription:
      'Metti insieme una squadra di robot, regola le loro reti neurali e mandali in battaglia. Ogni scontro rende i tuoi combattenti più furbi: ricordano le mosse degli avversari e scoprono da soli nuove tattiche. Scala la classifica settimanale, partecipa ai tornei stagionali e sblocca rari moduli di armatura e armi.',
    keywords: 'robot, arena, PvP, tattica, rete neurale, gioco online',
  },
  ja: {
    name: 'ニューロアリーナ',
    cardDescription: 'バトルロボットを鍛え、世界中のライバルが待つアリーナへ送り出そう。',
    fullDescription:
      'ロボット部隊を編成し、ニューラルネットワークを調整して戦いに送り出しましょう。戦うたびにロボットは賢くなり、相手の動きを覚えて自ら新しい戦術を編み出します。週間ランキングを駆け上がり、シーズン大会に挑み、レアな装甲や武器モジュールを手に入れてください。',
    keywords: 'ロボット, アリーナ, 対戦, 戦術, ニューラルネットワーク, オンラインゲーム',
  },
  ko: {
    name: '뉴로 아레나',
    cardDescription: '전투 로봇을 훈련시켜 전 세계 라이벌이 기다리는 아레나로 내보내세요.',
    fullDescription:
      '로봇 분대를 꾸리고 신경망을 조정해 전투에 내보내세요. 경기를 치를수록 로봇은 더 똑똑해져 상대의 움직임을 기억하고 스스로 새로운 전술을 찾아냅니다. 주간 랭킹을 올리고 시즌 토너먼트에 참가해 희귀한 방어구와 무기 모듈을 잠금 해제하세요.',
    keywords: '로봇, 아레나, PvP, 전술, 신경망, 온라인 게임',
  },
  pt: {
    name: 'Neuroarena',
    cardDescription: 'Treine robôs de combate e leve-os à arena contra rivais do mundo inteiro.',
    fullDescription:
      'Monte um esquadrão de robôs, ajuste as redes neurais deles e envie-os para a batalha. Cada duelo deixa seus lutadores mais espertos: eles lembram os golpes dos adversários e descobrem novas táticas sozinhos. Suba no ranking semanal, dispute os torneios da temporada e desbloqueie módulos raros de armadura e armas.',
    keywords: 'robôs, arena, PvP, tática, rede neural, jogo online',
  },
  zh: {
    name: '神经竞技场',
    cardDescription: '训练战斗机器人，派它们进入竞技场迎战来自世界各地的对手。',
    fullDescription:
      '组建一支机器人小队，调整它们的神经网络，然后送上战场。每一场对决都会让你的战士更聪明：它们会记住对手的招式，并自行摸索新的战术。冲击每周排行榜，参加赛季锦标赛，解锁稀有的装甲和武器模块。',
    keywords: '机器人, 竞技场, PvP, 战术, 神经网络, 网络游戏',
  },
};
