import { generatePath } from 'react-router-dom';
import { paths } from '../../config/paths';

/** The mosque screens' links with their parameters filled in. */
export const mosquePaths = {
  dashboard: (id: string) => generatePath(paths.mosqueDashboard, { id }),
  page: (slug: string) => generatePath(paths.mosquePage, { slug }),
};
