// Entry point for '@fajr/activities/domain/planning' (the package exports map subpaths to files).
export * from './planning/planner';
