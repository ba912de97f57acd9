import type { GameTexts } from './types.ts';

export const islandm3Texts: GameTexts = {
  ru: {
    name: 'Остров сокровищ: три в ряд',
    cardDescription: 'Собирайте самоцветы по три в ряд и восстанавливайте затерянный тропический остров.',
    fullDescription:
      'Шторм выбросил ваш корабль на берег неизвестного острова. Проходите головоломки «три в ряд», собирайте ракушки и самоцветы, чтобы отстроить деревню, причал и маяк. Впереди сотни уровней, хитрые бустеры и карта с отметками, ведущая к сокровищу старого капитана. Игра в разработке — загляните совсем скоро!',
    keywords: 'три в ряд, головоломка, остров, сокровища, казуальная игра',
  },
  en: {
    name: 'Treasure Island: Match 3',
    cardDescription: 'Match gems three in a row and restore a lost tropical island.',
    fullDescription:
      'A storm has washed your ship onto the shore of an uncharted island. Solve match-3 puzzles and collect shells and gems to rebuild the village, the pier and the lighthouse. Hundreds of levels, clever boosters and a marked map leading to the old captain’s treasure lie ahead. The game is in development — check back soon!',
    keywords: 'match 3, puzzle, island, treasure, casual game',
  },
  de: {
    name: 'Schatzinsel: Match 3',
    cardDescription: 'Kombiniere drei Edelsteine in einer Reihe und baue eine verlorene Tropeninsel wieder auf.',
    fullDescription:
      'Ein Sturm hat dein Schiff an die Küste einer unbekannten Insel gespült. Löse Match-3-Rätsel und sammle Muscheln und Edelsteine, um das Dorf, den Steg und den Leuchtturm wieder aufzubauen. Hunderte Level, raffinierte Booster und eine Karte zum Schatz des alten Kapitäns warten auf dich. Das Spiel ist in Entwicklung – schau bald wieder vorbei!',
    keywords: 'Match 3, Rätsel, Insel, Schatz, Gelegenheitsspiel',
  },
  es: {
    name: 'Isla del Tesoro: Match 3',
    cardDescription: 'Combina gemas de tres en tres y restaura una isla tropical perdida.',
    fullDescription:
      'Una tormenta ha arrastrado tu barco hasta la orilla de una isla desconocida. Resuelve puzles de combinar tres y reúne conchas y gemas para reconstruir la aldea, el muelle y el faro. Te esperan cientos de niveles, potenciadores ingeniosos y un mapa que lleva al tesoro del viejo capitán. El juego está en desarrollo: ¡vuelve pronto!',
    keywords: 'combinar tres, puzle, isla, tesoro, juego casual',
  },
  fr: {
    name: 'Île au Trésor : Match 3',
    cardDescription: 'Alignez trois gemmes et redonnez vie à une île tropicale oubliée.',
    fullDescription:
      'Une tempête a jeté votre navire sur le rivage d’une île inconnue. Résolvez des puzzles de type match-3 et récoltez coquillages et gemmes pour rebâtir le village, le ponton et le phare. Des centaines de niveaux, des bonus astucieux et une carte menant au trésor du vieux capitaine vous attendent. Le jeu est en développement : revenez bientôt !',
    keywords: 'match 3, puzzle, île, trésor, jeu casual',
  },
  it: {
    name: 'Isola del Tesoro: Match 3',
    cardDescription: 'Allinea tre gemme e riporta in vita un’isola tropicale perduta.',
    fullDescription:
      'Una tempesta ha spinto la tua nave sulla riva di un’isola sconosciuta. Risolvi puzzle match-3 e raccogli conchiglie e gemme per ricostruire il villaggio, il molo e il faro. Ti aspettano centinaia di livelli, potenziamenti ingegnosi e una mappa che conduce al tesoro del vecchio capitano. Il gioco è in sviluppo: torna a trovarci presto!',
    keywords: 'match 3, rompicapo, isola, tesoro, gioco casual',
  },
  ja: {
    name: '宝島パズル：マッチ3',
    cardDescription: '宝石を3つそろえて、失われた南の島をよみがえらせよう。',
    fullDescription:
      '嵐に流されたあなたの船は、地図にない島の浜辺に打ち上げられました。マッチ3パズルを解いて貝殻や宝石を集め、村や桟橋、灯台を建て直しましょう。数百のステージ、工夫を凝らしたブースター、そして老船長の宝へと続く地図が待っています。本作は開発中です。近日公開をお楽しみに！',
    keywords: 'マッチ3, パズル, 島, 宝探し, カジュアルゲーム',
  },
  ko: {
    name: '보물섬: 매치 3',
    cardDescription: '보석을 세 개씩 맞춰 잃어버린 열대의 섬을 되살리세요.',
    fullDescription:
      '폭풍에 휩쓸린 배가 지도에 없는 섬의 해변에 닿았습니다. 매치 3 퍼즐을 풀고 조개와 보석을 모아 마을과 부두, 등대를 다시 세우세요. 수백 개의 레벨과 기발한 부스터, 그리고 늙은 선장의 보물로 이어지는 지도가 기다립니다. 게임은 개발 중입니다. 곧 다시 찾아 주세요!',
    keywords: '매치 3, 퍼즐, 섬, 보물, 캐주얼 게임',
  },
  pt: {
    name: 'Ilha do Tesouro: Match 3',
    cardDescription: 'Combine gemas de três em três e restaure uma ilha tropical perdida.',
    fullDescription:
      'Uma tempestade jogou seu navio na praia de uma ilha desconhecida. Resolva quebra-cabeças de combinar três e junte conchas e gemas para reconstruir a aldeia, o cais e o farol. Centenas de fases, reforços engenhosos e um mapa que leva ao tesouro do velho capitão esperam por você. O jogo está em desenvolvimento — volte em breve!',
    keywords: 'combinar três, quebra-cabeça, ilha, tesouro, jogo casual',
  },
  zh: {
    name: '宝藏岛：三消',
    cardDescription: '三个宝石连成一线，重建一座失落的热带小岛。',
    fullDescription:
      '一场风暴把你的船冲上了一座无名小岛的海滩。完成三消谜题，收集贝壳和宝石，重建村庄、码头和灯塔。数百个关卡、巧妙的道具，以及一张通往老船长宝藏的地图正等着你。游戏正在开发中，敬请期待！',
    keywords: '三消, 益智, 小岛, 宝藏, 休闲游戏',
  },
};
