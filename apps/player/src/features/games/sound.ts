/**
 * Game sounds without sound files: short Web Audio tones (a tick while a board animates, a rising
 * pair on a win, a low one on a loss). Off until the player turns them on; the choice is remembered
 * on this device. Nothing plays before a tap has unlocked audio, as mobile browsers require.
 */
import { useSyncExternalStore } from 'react';

const SOUND_KEY = 'payhub.games.sound';
const listeners = new Set<() => void>();
let context: AudioContext | null = null;

function readEnabled(): boolean {
  try {
    return localStorage.getItem(SOUND_KEY) === 'on';
  } catch {
    return false;
  }
}

let enabled = readEnabled();

export function setSoundEnabled(next: boolean): void {
  enabled = next;
  try {
    localStorage.setItem(SOUND_KEY, next ? 'on' : 'off');
  } catch {
    // storage full or blocked: the choice lasts for this page only
  }
  for (const listener of listeners) listener();
}

export function useSoundEnabled(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => enabled,
  );
}

type Cue = 'tick' | 'win' | 'lose';
const TONES: Record<Cue, { frequencyHz: number; durationMs: number }[]> = {
  tick: [{ frequencyHz: 660, durationMs: 40 }],
  win: [
    { frequencyHz: 660, durationMs: 90 },
    { frequencyHz: 990, durationMs: 140 },
  ],
  lose: [{ frequencyHz: 196, durationMs: 220 }],
};

export function playSound(cue: Cue): void {
  if (!enabled || typeof window === 'undefined' || !('AudioContext' in window)) return;
  context ??= new AudioContext();
  let at = context.currentTime;
  for (const tone of TONES[cue]) {
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.frequency.value = tone.frequencyHz;
    gain.gain.setValueAtTime(0.08, at);
    gain.gain.exponentialRampToValueAtTime(0.001, at + tone.durationMs / 1000);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(at);
    oscillator.stop(at + tone.durationMs / 1000);
    at += tone.durationMs / 1000;
  }
}
