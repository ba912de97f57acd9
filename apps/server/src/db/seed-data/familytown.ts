import type { GameTexts } from './types.ts';

export const familytownTexts: GameTexts = {
  ru: {
    name: 'Семейный городок',
    cardDescription: 'Постройте уютный городок вместе с семьёй: урожай, ярмарки и добрые соседи.',
    fullDescription:
      'Бабушка оставила вам старую ферму на краю долины, а вместе с ней — целый городок, который ждёт перемен. Сажайте овощи, пеките пироги, открывайте лавки и ремонтируйте дома, чтобы жители вернулись. Выполняйте заказы соседей, устраивайте сезонные ярмарки и узнайте, какую тайну хранит старая мельница.',
    keywords: 'ферма, городок, семейная игра, симулятор фермы, играть онлайн бесплатно',
  },
  en: {
    name: 'Family Town',
    cardDescription: 'Build a cosy town with your family: harvests, fairs and friendly neighbours.',
    fullDescription:
      'Grandma left you an old farm at the edge of the valley, and with it a whole town waiting for a fresh start. Plant vegetables, bake pies, open shops and fix up houses so the townsfolk come back. Fill your neighbours’ orders, host seasonal fairs and find out what secret the old windmill keeps.',
    keywords: 'farm, town builder, family game, farming simulator, play online for free',
  },
  de: {
    name: 'Familienstadt',
    cardDescription: 'Baue mit deiner Familie eine gemütliche Stadt: Ernte, Jahrmärkte und nette Nachbarn.',
    fullDescription:
      'Oma hat dir einen alten Hof am Rand des Tals hinterlassen – und mit ihm eine ganze Stadt, die auf einen Neuanfang wartet. Pflanze Gemüse, backe Kuchen, eröffne Läden und renoviere Häuser, damit die Bewohner zurückkehren. Erfülle die Aufträge deiner Nachbarn, veranstalte saisonale Jahrmärkte und finde heraus, welches Geheimnis die alte Windmühle birgt.',
    keywords: 'Bauernhof, Stadtbau, Familienspiel, Farmsimulator, kostenlos online spielen',
  },
  es: {
    name: 'Pueblo Familiar',
    cardDescription: 'Construye un pueblo acogedor con tu familia: cosechas, ferias y buenos vecinos.',
    fullDescription:
      'La abuela te dejó una vieja granja al borde del valle y, con ella, todo un pueblo que espera un nuevo comienzo. Planta verduras, hornea tartas, abre tiendas y repara casas para que los vecinos regresen. Completa los pedidos del vecindario, organiza ferias de temporada y descubre qué secreto guarda el viejo molino.',
    keywords: 'granja, construir pueblo, juego familiar, simulador de granja, jugar gratis en línea',
  },
  fr: {
    name: 'Village en Famille',
    cardDescription: 'Bâtissez un village douillet en famille : récoltes, foires et voisins bienveillants.',
    fullDescription:
      'Grand-mère vous a laissé une vieille ferme au bord de la vallée, et avec elle tout un village qui attend un nouveau départ. Plantez des légumes, cuisez des tartes, ouvrez des boutiques et rénovez les maisons pour que les habitants reviennent. Honorez les commandes des voisins, organisez des foires de saison et découvrez le secret du vieux moulin.',
    keywords: 'ferme, construction de village, jeu familial, simulation agricole, jouer gratuitement en ligne',
  },
  it: {
    name: 'Borgo di Famiglia',
    cardDescription: 'Costruisci un borgo accogliente con la tua famiglia: raccolti, fiere e vicini gentili.',
    fullDescription:
      'La nonna ti ha lasciato una vecchia fattoria ai margini della valle e, con essa, un intero borgo in attesa di rinascere. Pianta ortaggi, sforna torte, apri botteghe e ristruttura le case perché gli abitanti tornino. Evadi gli ordini dei vicini, organizza fiere stagionali e scopri quale segreto custodisce il vecchio mulino.',
    keywords: 'fattoria, costruire un borgo, gioco per famiglie, simulatore agricolo, gioca gratis online',
  },
  ja: {
    name: 'ファミリータウン',
    cardDescription: '家族と一緒に居心地のいい町づくり。収穫、お祭り、やさしいご近所さん。',
    fullDescription:
      'おばあちゃんが遺してくれたのは、谷のはずれの古い農場と、再出発を待つ小さな町でした。野菜を育て、パイを焼き、お店を開き、家を修理して住民を呼び戻しましょう。ご近所さんの注文に応え、季節のお祭りを開き、古い風車に隠された秘密を解き明かしてください。',
    keywords: '農場, 町づくり, ファミリーゲーム, 農業シミュレーション, 無料オンラインゲーム',
  },
  ko: {
    name: '패밀리 타운',
    cardDescription: '가족과 함께 아늑한 마을을 꾸며 보세요. 수확, 축제, 다정한 이웃이 기다려요.',
    fullDescription:
      '할머니가 계곡 끝자락의 낡은 농장과 함께 새 출발을 기다리는 마을 하나를 남겨 주셨습니다. 채소를 심고 파이를 굽고 가게를 열고 집을 고쳐 주민들이 돌아오게 하세요. 이웃의 주문을 처리하고 계절 축제를 열며 오래된 풍차에 숨겨진 비밀을 밝혀내세요.',
    keywords: '농장, 마을 건설, 가족 게임, 농장 시뮬레이션, 무료 온라인 게임',
  },
  pt: {
    name: 'Vila da Família',
    cardDescription: 'Construa uma vila aconchegante com sua família: colheitas, feiras e bons vizinhos.',
    fullDescription:
      'A vovó deixou para você uma velha fazenda na beira do vale e, com ela, uma vila inteira à espera de um recomeço. Plante legumes, asse tortas, abra lojas e reforme casas para que os moradores voltem. Atenda aos pedidos dos vizinhos, organize feiras sazonais e descubra o segredo que o velho moinho guarda.',
    keywords: 'fazenda, construir vila, jogo para a família, simulador de fazenda, jogar grátis online',
  },
  zh: {
    name: '家庭小镇',
    cardDescription: '和家人一起打造温馨小镇：收获庄稼、举办集市、结识友善的邻居。',
    fullDescription:
      '奶奶给你留下了山谷边上的一座老农场，还有一座等待重新焕发生机的小镇。种菜、烤馅饼、开店、修缮房屋，让居民们重新回来。完成邻居的订单，举办四季集市，并揭开老风车里隐藏的秘密。',
    keywords: '农场, 小镇建设, 家庭游戏, 农场模拟, 免费在线游戏',
  },
};
