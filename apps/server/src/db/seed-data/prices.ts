import type { NewPrice } from '../schema.ts';

/** Demo price lists: roubles for ru, dollars for en; logos from assets/prices. */
type PriceSeed = Omit<NewPrice, 'project' | 'sortOrder'>;

const list = (project: string, items: PriceSeed[]): NewPrice[] => items.map((item, index) => ({ ...item, project, sortOrder: index + 1 }));

export const demoPrices: NewPrice[] = [
  ...list('familytown', [
    { id: 'ft-coins-100', ruTitle: 'Мешок монет', ruValue: 79, enTitle: 'Bag of coins', enValue: 0.99, logoName: 'coins.svg' },
    { id: 'ft-coins-550', ruTitle: 'Сундук монет', ruValue: 349, enTitle: 'Chest of coins', enValue: 4.99, logoName: 'chest.svg' },
    { id: 'ft-gems-50', ruTitle: 'Горсть самоцветов', ruValue: 149, enTitle: 'Handful of gems', enValue: 1.99, logoName: 'gems.svg' },
    { id: 'ft-energy-10', ruTitle: 'Запас энергии', ruValue: 99, enTitle: 'Energy refill', enValue: 1.49, logoName: 'energy.svg' },
    {
      id: 'ft-pass-season',
      ruTitle: 'Сезонный пропуск фермера',
      ruValue: 599,
      enTitle: 'Farmer season pass',
      enValue: 7.99,
      logoName: 'pass.svg',
    },
  ]),
  ...list('neuroarena', [
    { id: 'na-gems-80', ruTitle: 'Кристаллы ядра', ruValue: 149, enTitle: 'Core crystals', enValue: 1.99, logoName: 'gems.svg' },
    {
      id: 'na-gems-500',
      ruTitle: 'Контейнер кристаллов',
      ruValue: 749,
      enTitle: 'Crystal container',
      enValue: 9.99,
      logoName: 'chest.svg',
    },
    {
      id: 'na-booster-xp',
      ruTitle: 'Ускоритель обучения',
      ruValue: 199,
      enTitle: 'Training booster',
      enValue: 2.49,
      logoName: 'booster.svg',
    },
    {
      id: 'na-key-arena',
      ruTitle: 'Ключ турнирной арены',
      ruValue: 99,
      enTitle: 'Tournament arena key',
      enValue: 1.29,
      logoName: 'key.svg',
    },
    {
      id: 'na-pass-season',
      ruTitle: 'Боевой пропуск сезона',
      ruValue: 699,
      enTitle: 'Season battle pass',
      enValue: 8.99,
      logoName: 'pass.svg',
    },
    { id: 'na-energy-20', ruTitle: 'Батарея энергии', ruValue: 79, enTitle: 'Energy battery', enValue: 0.99, logoName: 'energy.svg' },
  ]),
  ...list('islandm3', [
    { id: 'im3-coins-500', ruTitle: 'Горсть дублонов', ruValue: 89, enTitle: 'Handful of doubloons', enValue: 0.99, logoName: 'coins.svg' },
    { id: 'im3-booster-pack', ruTitle: 'Набор бустеров', ruValue: 179, enTitle: 'Booster pack', enValue: 2.29, logoName: 'booster.svg' },
    { id: 'im3-energy-5', ruTitle: 'Пять жизней', ruValue: 59, enTitle: 'Five lives', enValue: 0.79, logoName: 'energy.svg' },
    { id: 'im3-chest-captain', ruTitle: 'Сундук капитана', ruValue: 449, enTitle: 'Captain’s chest', enValue: 5.99, logoName: 'chest.svg' },
  ]),
  ...list('afterdark', [
    { id: 'ad-key-chapter', ruTitle: 'Ключ к новой главе', ruValue: 149, enTitle: 'New chapter key', enValue: 1.99, logoName: 'key.svg' },
    { id: 'ad-pass-night', ruTitle: 'Ночной пропуск', ruValue: 499, enTitle: 'Night pass', enValue: 6.99, logoName: 'pass.svg' },
  ]),
];
