/** When a load run publishes and when KV fails. */
import { expect, test } from 'vitest';
import { loadSchedule } from '../../../bench/lib/load/schedule';

test('npm run load publishes once, halfway, and fails nothing', () => {
  expect(loadSchedule({ seconds: 60 })).toEqual({ publishAtS: [30] });
});

test('a ten-minute soak publishes every two minutes and fails KV reads for 20 s between two publishes in the middle', () => {
  expect(loadSchedule({ seconds: 600, publishEverySeconds: 120, faultSeconds: 20 })).toEqual({
    publishAtS: [120, 240, 360, 480],
    fault: { startS: 290, endS: 310 },
  });
});

test('a short soak keeps its fault window clear of its only publish', () => {
  const { publishAtS, fault } = loadSchedule({ seconds: 240, publishEverySeconds: 120, faultSeconds: 20 });
  expect(publishAtS).toEqual([120]);
  expect(fault).toEqual({ startS: 170, endS: 190 });
});
