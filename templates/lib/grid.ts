// How many columns a grid of cards uses on wide screens, so that rows come out
// full: four or eight cards in fours, the rest in threes (two on tablets).

export function columns(count: number): 'c1' | 'c2' | 'c3' | 'c4' {
  if (count <= 1) return 'c1';
  if (count === 2) return 'c2';
  return count % 4 === 0 && count <= 8 ? 'c4' : 'c3';
}
