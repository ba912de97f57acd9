import { Route, Routes } from 'react-router';
import { CatalogPage } from './catalog-page';
import { ProjectEditor } from './project-editor';
import './catalog.css';

/** /staff/catalog/*: the projects list and one project's editor (a chunk of its own). */
export default function CatalogRoutes() {
  return (
    <Routes>
      <Route index element={<CatalogPage />} />
      <Route path=":project/*" element={<ProjectEditor />} />
    </Routes>
  );
}
