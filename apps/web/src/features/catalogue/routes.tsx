import { CataloguePage } from './components/catalogue-page';

export const CatalogueRoute = () => <CataloguePage />;
