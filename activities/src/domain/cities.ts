// Entry point for '@fajr/activities/domain/cities' (the package exports map subpaths to files).
export * from './cities/index';
