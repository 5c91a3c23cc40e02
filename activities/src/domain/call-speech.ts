// What a call says, in each call language (issue 45 point 6; docs/LANGUAGES.md, "Call voices").
export { CALL_LANGUAGES, callLanguageOf, isCallLanguage, type CallLanguage } from './call-speech/languages';
export { CALL_LINES, type CallLines, type Clock } from './call-speech/lines';
export { CALL_VOICES, nameVoice, type TtsVoice } from './call-speech/voices';
export { URDU_CLIPS, isUrduClip, urduClipSynthesisText, urduTimeClips } from './call-speech/urdu-clips';
export { clockOf } from './call-speech/clock';
export {
  speech,
  lineText,
  spokenDigits,
  voiceClipUrl,
  type Line,
  type PlainLine,
  type SpeechPart,
} from './call-speech/speech';
export { VOICE_CLIPS_DIR, isVoiceClip, voiceClipWav } from './call-speech/clip-files';
