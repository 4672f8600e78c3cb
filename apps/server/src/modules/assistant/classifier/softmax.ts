/**
 * Multinomial logistic regression (softmax) over sparse binary features, trained by stochastic
 * gradient descent. Written here because the npm libraries we tried do not fit small sparse text
 * data: `@nlpjs/neural` reached about 55% in cross-validation after minutes of training, and the
 * mainstream logistic regressions (`ml-logistic-regression`, `natural`) use dense matrices, which at
 * ~60,000 features do not fit (docs/decisions/0021-intent-classifier.md).
 *
 * Deterministic: the same examples and settings give the same weights (a seeded shuffle).
 */

export type Example = { features: string[]; label: string };

export type TrainOptions = {
  epochs: number;
  learningRate: number;
  l2: number;
  /** 0: every example counts the same; 1: every class weighs the same in total (rare intents matter). */
  classBalance: number;
  /** Features seen in fewer examples are dropped: they cannot generalise, and they bloat the model. */
  minCount: number;
};

export const defaultTrainOptions: TrainOptions = {
  epochs: 30,
  learningRate: 0.5,
  l2: 1e-5,
  classBalance: 0.5,
  minCount: 2,
};

export type SoftmaxModel = {
  labels: string[];
  features: string[];
  bias: number[];
  /** Row-major: `weights[feature * labels.length + label]`. */
  weights: Float32Array;
};

function seededRandom(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

export function train(examples: Example[], options: TrainOptions = defaultTrainOptions): SoftmaxModel {
  const counts = new Map<string, number>();
  for (const example of examples)
    for (const feature of new Set(example.features)) counts.set(feature, (counts.get(feature) ?? 0) + 1);
  const features = [...counts].filter(([, count]) => count >= options.minCount).map(([feature]) => feature);
  features.sort();
  const index = new Map(features.map((feature, position) => [feature, position]));
  const labels = [...new Set(examples.map((example) => example.label))].sort();
  const K = labels.length;
  const perLabel = labels.map((label) => examples.filter((example) => example.label === label).length);
  const labelWeight = perLabel.map((count) => Math.pow(examples.length / K / count, options.classBalance));
  const data = examples.map((example) => ({
    x: [...new Set(example.features)].flatMap((feature) => {
      const position = index.get(feature);
      return position === undefined ? [] : [position];
    }),
    y: labels.indexOf(example.label),
  }));
  const weights = new Float32Array(features.length * K);
  const bias = new Array<number>(K).fill(0);
  const scores = new Float64Array(K);
  const random = seededRandom(7);
  for (let epoch = 0; epoch < options.epochs; epoch += 1) {
    const rate = options.learningRate / (1 + epoch * 0.2);
    for (let i = data.length - 1; i > 0; i -= 1) {
      const j = Math.floor(random() * (i + 1));
      [data[i], data[j]] = [data[j]!, data[i]!];
    }
    for (const { x, y } of data) {
      const scale = 1 / Math.sqrt(Math.max(1, x.length));
      score(x, scale, weights, bias, scores);
      for (let k = 0; k < K; k += 1) {
        const gradient = (scores[k]! - (k === y ? 1 : 0)) * labelWeight[y]!;
        bias[k]! -= rate * gradient;
        for (const feature of x) {
          const at = feature * K + k;
          weights[at] = weights[at]! - rate * (gradient * scale + options.l2 * weights[at]!);
        }
      }
    }
  }
  return { labels, features, bias, weights };
}

/** Softmax probabilities into `out`. */
function score(x: number[], scale: number, weights: Float32Array, bias: number[], out: Float64Array) {
  const K = bias.length;
  let max = -Infinity;
  for (let k = 0; k < K; k += 1) {
    let sum = bias[k]!;
    for (const feature of x) sum += weights[feature * K + k]! * scale;
    out[k] = sum;
    if (sum > max) max = sum;
  }
  let total = 0;
  for (let k = 0; k < K; k += 1) {
    out[k] = Math.exp(out[k]! - max);
    total += out[k]!;
  }
  for (let k = 0; k < K; k += 1) out[k] = out[k]! / total;
}

export type Prediction = {
  label: string;
  probability: number;
  ranked: { label: string; probability: number }[];
};

/** A compiled model: features looked up by name. */
export function predictor(model: SoftmaxModel): (features: string[]) => Prediction {
  const index = new Map(model.features.map((feature, position) => [feature, position]));
  const out = new Float64Array(model.labels.length);
  return (features) => {
    const x = [...new Set(features)].flatMap((feature) => {
      const position = index.get(feature);
      return position === undefined ? [] : [position];
    });
    score(x, 1 / Math.sqrt(Math.max(1, x.length)), model.weights, model.bias, out);
    const ranked = model.labels
      .map((label, k) => ({ label, probability: out[k]! }))
      .sort((a, b) => b.probability - a.probability);
    return { label: ranked[0]!.label, probability: ranked[0]!.probability, ranked };
  };
}

/** A model as JSON: weights rounded to 1/1024 and stored as base64 Int16, which keeps the file small. */
export function serialize(model: SoftmaxModel) {
  const quantized = new Int16Array(model.weights.length);
  for (let i = 0; i < model.weights.length; i += 1)
    quantized[i] = Math.max(-32768, Math.min(32767, Math.round(model.weights[i]! * 1024)));
  return {
    labels: model.labels,
    features: model.features,
    bias: model.bias.map((value) => Math.round(value * 1024) / 1024),
    weights: Buffer.from(quantized.buffer).toString('base64'),
  };
}

export function deserialize(json: ReturnType<typeof serialize>): SoftmaxModel {
  const bytes = Buffer.from(json.weights, 'base64');
  const quantized = new Int16Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 2);
  const weights = new Float32Array(quantized.length);
  for (let i = 0; i < quantized.length; i += 1) weights[i] = quantized[i]! / 1024;
  return { labels: json.labels, features: json.features, bias: json.bias, weights };
}
