// Where the API talks to Temporal: every workflow start, signal, update, query and termination the
// API makes is a function here, typed by the definitions the workflows package exports. Services
// call these; nothing else in the API imports @temporalio/client or reaches deps.temporal.
export { createTemporalClient, withinDeadline, pingTemporal, closeTemporal, type TemporalDeps } from './client';
export {
  notifyPrefsChanged,
  replanIfRunning,
  startTrial,
  abandonTrial,
  notifySubscribed,
  endUserWorkflows,
  startTestCall,
  signalCallStatus,
} from './user-workflows';
export { requestCode, reportCodeCompleted, endCodeWorkflows, CodeRequestTimeout } from './one-time-codes';
export { startFriendCalls, replanFriendCalls, endFriendCalls } from './friend-workflows';
export { replanMosqueMembers } from './mosque-workflows';
