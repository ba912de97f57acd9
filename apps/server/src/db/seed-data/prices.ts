import type { NewPrice } from '../schema.ts';

/** Demo price lists: roubles for ru, dollars for en; logos from assets/prices. */
type PriceSeed = Omit<NewPrice, 'project' | 'sortOrder'>;

const list = (project: string, items: PriceSeed[]): NewPrice[] => items.map((item, index) => ({ ...item, project, sortOrder: index + 1 }));

export const demoPrices: NewPrice[] = [
  ...list('familytown', [
    { id: 'ft-coins-100', titles: { ru: 'Мешок монет', en: 'Bag of coins' }, ruValue: 79, enValue: 0.99, logoName: 'coins.svg' },
    { id: 'ft-coins-550', titles: { ru: 'Сундук монет', en: 'Chest of coins' }, ruValue: 349, enValue: 4.99, logoName: 'chest.svg' },
    { id: 'ft-gems-50', titles: { ru: 'Горсть самоцветов', en: 'Handful of gems' }, ruValue: 149, enValue: 1.99, logoName: 'gems.svg' },
    { id: 'ft-energy-10', titles: { ru: 'Запас энергии', en: 'Energy refill' }, ruValue: 99, enValue: 1.49, logoName: 'energy.svg' },
    {
      id: 'ft-pass-season',
      titles: { ru: 'Сезонный пропуск фермера', en: 'Farmer season pass' },
      ruValue: 599,
      enValue: 7.99,
      logoName: 'pass.svg',
    },
  ]),
  ...list('neuroarena', [
    { id: 'na-gems-80', titles: { ru: 'Кристаллы ядра', en: 'Core crystals' }, ruValue: 149, enValue: 1.99, logoName: 'gems.svg' },
    {
      id: 'na-gems-500',
      titles: { ru: 'Контейнер кристаллов', en: 'Crystal container' },
      ruValue: 749,
      enValue: 9.99,
      logoName: 'chest.svg',
    },
    {
      id: 'na-booster-xp',
      titles: { ru: 'Ускоритель обучения', en: 'Training booster' },
      ruValue: 199,
      enValue: 2.49,
      logoName: 'booster.svg',
    },
    {
      id: 'na-key-arena',
      titles: { ru: 'Ключ турнирной арены', en: 'Tournament arena key' },
      ruValue: 99,
      enValue: 1.29,
      logoName: 'key.svg',
    },
    {
      id: 'na-pass-season',
      titles: { ru: 'Боевой пропуск сезона', en: 'Season battle pass' },
      ruValue: 699,
      enValue: 8.99,
      logoName: 'pass.svg',
    },
    { id: 'na-energy-20', titles: { ru: 'Батарея энергии', en: 'Energy battery' }, ruValue: 79, enValue: 0.99, logoName: 'energy.svg' },
  ]),
  ...list('islandm3', [
    {
      id: 'im3-coins-500',
      titles: { ru: 'Горсть дублонов', en: 'Handful of doubloons' },
      ruValue: 89,
      enValue: 0.99,
      logoName: 'coins.svg',
    },
    { id: 'im3-booster-pack', titles: { ru: 'Набор бустеров', en: 'Booster pack' }, ruValue: 179, enValue: 2.29, logoName: 'booster.svg' },
    { id: 'im3-energy-5', titles: { ru: 'Пять жизней', en: 'Five lives' }, ruValue: 59, enValue: 0.79, logoName: 'energy.svg' },
    {
      id: 'im3-chest-captain',
      titles: { ru: 'Сундук капитана', en: 'Captain’s chest' },
      ruValue: 449,
      enValue: 5.99,
      logoName: 'chest.svg',
    },
  ]),
  ...list('afterdark', [
    { id: 'ad-key-chapter', titles: { ru: 'Ключ к новой главе', en: 'New chapter key' }, ruValue: 149, enValue: 1.99, logoName: 'key.svg' },
    { id: 'ad-pass-night', titles: { ru: 'Ночной пропуск', en: 'Night pass' }, ruValue: 499, enValue: 6.99, logoName: 'pass.svg' },
  ]),
];
