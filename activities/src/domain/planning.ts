// Entry point for '@fajr/activities/domain/planning' (the package exports map subpaths to files).
export * from './planning/types';
export * from './planning/rules';
export * from './planning/method-params';
export * from './planning/sun';
export * from './planning/planner';
export * from './time/zone-clock';
