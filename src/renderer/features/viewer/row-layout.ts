/**
 * Row positions for the virtualised transcript. Heights start as estimates from the text length and
 * are replaced by measured ones as rows render; offsets are prefix sums, rebuilt lazily after a change
 * (2,000 additions, well under a millisecond).
 */
export class RowLayout {
  private readonly heights: Float64Array;
  private offsets: Float64Array;
  private dirty = true;

  constructor(estimates: ArrayLike<number>) {
    this.heights = Float64Array.from(estimates);
    this.offsets = new Float64Array(this.heights.length + 1);
  }

  get count(): number {
    return this.heights.length;
  }

  /** Records a measured height; true when it changed the layout. */
  measure(index: number, height: number): boolean {
    if (index < 0 || index >= this.heights.length || Math.abs(this.heights[index]! - height) < 0.5) return false;
    this.heights[index] = height;
    this.dirty = true;
    return true;
  }

  private build(): void {
    if (!this.dirty) return;
    for (let i = 0; i < this.heights.length; i++) this.offsets[i + 1] = this.offsets[i]! + this.heights[i]!;
    this.dirty = false;
  }

  top(index: number): number {
    this.build();
    return this.offsets[Math.max(0, Math.min(index, this.heights.length))]!;
  }

  height(index: number): number {
    return this.heights[index] ?? 0;
  }

  total(): number {
    return this.top(this.heights.length);
  }

  /** The first row whose bottom is below `y`. */
  indexAt(y: number): number {
    this.build();
    let lo = 0;
    let hi = this.heights.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.offsets[mid + 1]! <= y) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Rows to render for a viewport, with `overscan` rows either side. */
  window(scrollTop: number, viewport: number, overscan: number): { start: number; end: number } {
    if (this.heights.length === 0) return { start: 0, end: 0 };
    const first = this.indexAt(scrollTop);
    const last = this.indexAt(scrollTop + viewport);
    return { start: Math.max(0, first - overscan), end: Math.min(this.heights.length, last + 1 + overscan) };
  }
}

/** A first guess at a row's height from its text, before it is measured. */
export function estimateRowHeight(text: string, charsPerLine = 52, lineHeight = 20, chrome = 30): number {
  return chrome + Math.max(1, Math.ceil(text.length / charsPerLine)) * lineHeight;
}
