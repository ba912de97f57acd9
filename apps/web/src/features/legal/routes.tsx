import { DeletionPersonalDataPage } from './components/deletion-personal-data-page';

export const DeletionPersonalDataRoute = () => <DeletionPersonalDataPage />;
