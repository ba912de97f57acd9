import type { GameTexts } from './types.ts';

/** The age-gated single game (out of catalogue): a romance visual novel for adults. */
export const afterdarkTexts: GameTexts = {
  ru: {
    name: 'После заката',
    cardDescription: 'Романтическая визуальная новелла для взрослых о ночном городе и случайных встречах.',
    fullDescription:
      'Когда гаснут огни офисов, город открывает другую сторону. Знакомьтесь с загадочными героями, делайте выбор и решайте, чем закончится каждая ночь. Игра содержит откровенные сцены и предназначена только для лиц старше 18 лет.',
    keywords: 'визуальная новелла, романтика, 18+, игра для взрослых',
  },
  en: {
    name: 'After Dark',
    cardDescription: 'A romantic visual novel for adults about a city at night and chance encounters.',
    fullDescription:
      'When the office lights go out, the city shows its other side. Meet mysterious characters, make your choices and decide how each night ends. The game contains explicit scenes and is intended for adults over 18 only.',
    keywords: 'visual novel, romance, 18+, adult game',
  },
  de: {
    name: 'Nach Einbruch der Dunkelheit',
    cardDescription: 'Ein romantischer Visual Novel für Erwachsene über die Stadt bei Nacht und zufällige Begegnungen.',
    fullDescription:
      'Wenn in den Büros die Lichter ausgehen, zeigt die Stadt ihre andere Seite. Triff geheimnisvolle Figuren, triff deine Entscheidungen und bestimme, wie jede Nacht endet. Das Spiel enthält explizite Szenen und ist nur für Erwachsene ab 18 Jahren bestimmt.',
    keywords: 'Visual Novel, Romantik, ab 18, Spiel für Erwachsene',
  },
  es: {
    name: 'Después del Anochecer',
    cardDescription: 'Una novela visual romántica para adultos sobre la ciudad de noche y los encuentros casuales.',
    fullDescription:
      'Cuando se apagan las luces de las oficinas, la ciudad muestra su otra cara. Conoce a personajes misteriosos, toma decisiones y decide cómo termina cada noche. El juego contiene escenas explícitas y está destinado solo a mayores de 18 años.',
    keywords: 'novela visual, romance, +18, juego para adultos',
  },
  fr: {
    name: 'À la Nuit Tombée',
    cardDescription: 'Un visual novel romantique pour adultes sur la ville la nuit et les rencontres fortuites.',
    fullDescription:
      'Quand les bureaux s’éteignent, la ville dévoile son autre visage. Rencontrez des personnages mystérieux, faites vos choix et décidez de la fin de chaque nuit. Le jeu contient des scènes explicites et est réservé aux adultes de plus de 18 ans.',
    keywords: 'visual novel, romance, 18+, jeu pour adultes',
  },
  it: {
    name: 'Dopo il Tramonto',
    cardDescription: 'Una visual novel romantica per adulti sulla città di notte e sugli incontri casuali.',
    fullDescription:
      'Quando si spengono le luci degli uffici, la città mostra il suo altro volto. Incontra personaggi misteriosi, compi le tue scelte e decidi come finisce ogni notte. Il gioco contiene scene esplicite ed è destinato solo ai maggiori di 18 anni.',
    keywords: 'visual novel, romantico, 18+, gioco per adulti',
  },
  ja: {
    name: 'アフターダーク',
    cardDescription: '夜の街と偶然の出会いを描く、大人向けの恋愛ビジュアルノベル。',
    fullDescription:
      'オフィスの明かりが消えると、街はもうひとつの顔を見せます。謎めいた登場人物と出会い、選択を重ね、それぞれの夜の結末を決めてください。本作には性的な表現が含まれており、18歳以上の方のみを対象としています。',
    keywords: 'ビジュアルノベル, 恋愛, 18禁, 大人向けゲーム',
  },
  ko: {
    name: '애프터 다크',
    cardDescription: '밤의 도시와 우연한 만남을 그린 성인용 로맨스 비주얼 노벨.',
    fullDescription:
      '사무실의 불이 꺼지면 도시는 또 다른 얼굴을 드러냅니다. 신비로운 인물들을 만나고 선택을 내려 매일 밤의 결말을 정하세요. 이 게임에는 노골적인 장면이 포함되어 있으며 만 18세 이상 성인만 이용할 수 있습니다.',
    keywords: '비주얼 노벨, 로맨스, 18세 이상, 성인 게임',
  },
  pt: {
    name: 'Depois do Anoitecer',
    cardDescription: 'Uma visual novel romântica para adultos sobre a cidade à noite e encontros casuais.',
    fullDescription:
      'Quando as luzes dos escritórios se apagam, a cidade mostra seu outro lado. Conheça personagens misteriosos, faça suas escolhas e decida como cada noite termina. O jogo contém cenas explícitas e é destinado apenas a maiores de 18 anos.',
    keywords: 'visual novel, romance, 18+, jogo adulto',
  },
  zh: {
    name: '夜幕之后',
    cardDescription: '一部讲述夜晚都市与偶然邂逅的成人恋爱视觉小说。',
    fullDescription:
      '当写字楼的灯光熄灭，城市便展露出另一副面孔。结识神秘的角色，做出你的选择，决定每一个夜晚的结局。本游戏含有露骨内容，仅适合18岁以上的成年人。',
    keywords: '视觉小说, 恋爱, 18+, 成人游戏',
  },
};
