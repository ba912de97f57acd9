import { PricesPage } from './components/prices-page';

export const PricesRoute = () => <PricesPage />;
