// SSD MobileNet v1's forward pass (face-api's ssdMobilenetv1.forwardInput) with its layers fused, same weights and
// same outputs: face-api runs each pointwise layer as conv2d, add, clipByValue and each depthwise layer as
// depthwiseConv2d, batchNorm, clipByValue — 90 ms of 448 per 512×512 image on this machine's WebAssembly backend went to
// those separate element-wise passes (tf.profile: FusedBatchNorm 53, ClipByValue 22, Add 15). Here the batch norm is
// folded into the depthwise filter and its bias, and bias and relu6 run inside the convolution (tf.fused.*, XNNPACK's
// output clamp). The box decoding after it is face-api's own (outputLayer, copied op for op). Installed on the
// engine's ssdMobilenetv1 instance (installFusedSsd), so that locateFaces, its non-maximum suppression and the
// landmarks and descriptors that follow are face-api's unchanged. Checked against face-api's own pass on every photo
// and frame of tests/integration/face-engine.test.ts (scores and boxes to 1e-4; the descriptors' distances as kept,
// to 3 decimals).

type Tensor = { shape: number[]; dispose: () => void };
type Tf = {
  tidy: <T>(fn: () => T) => T;
  keep: <T>(t: T) => T;
  cast: (x: unknown, dtype: string) => Tensor;
  div: (a: unknown, b: unknown) => Tensor;
  sub: (a: unknown, b: unknown) => Tensor;
  add: (a: unknown, b: unknown) => Tensor;
  mul: (a: unknown, b: unknown) => Tensor;
  exp: (x: unknown) => Tensor;
  sqrt: (x: unknown) => Tensor;
  sigmoid: (x: unknown) => Tensor;
  reshape: (x: unknown, shape: number[]) => Tensor;
  transpose: (x: unknown, perm: number[]) => Tensor;
  tile: (x: unknown, reps: number[]) => Tensor;
  slice: (x: unknown, begin: number[], size: number[]) => Tensor;
  concat: (xs: unknown[], axis: number) => Tensor;
  stack: (xs: unknown[]) => Tensor;
  unstack: (x: unknown) => Tensor[];
  scalar: (x: number) => Tensor;
  fused: {
    conv2d: (args: { x: unknown; filter: unknown; strides: [number, number]; pad: "same"; bias: unknown; activation: string }) => Tensor;
    depthwiseConv2d: (args: {
      x: unknown;
      filter: unknown;
      strides: [number, number];
      pad: "same";
      bias: unknown;
      activation: string;
    }) => Tensor;
  };
};

type Pointwise = { filters: Tensor; batch_norm_offset: Tensor };
type Depthwise = {
  filters: Tensor;
  batch_norm_scale: Tensor;
  batch_norm_offset: Tensor;
  batch_norm_mean: Tensor;
  batch_norm_variance: Tensor;
};
type Conv = { filters: Tensor; bias: Tensor };
type SsdParams = {
  mobilenetv1: Record<string, Pointwise | { depthwise_conv: Depthwise; pointwise_conv: Pointwise }>;
  prediction_layer: Record<string, Pointwise | { box_encoding_predictor: Conv; class_predictor: Conv }>;
  output_layer: { extra_dim: Tensor };
};
type SsdNet = { params?: SsdParams; forwardInput: (input: { toBatchTensor: (size: number, centre: boolean) => Tensor }) => unknown };

/** face-api's batch norm epsilon (ssdMobilenetv1/mobileNetV1.ts). */
const epsilon = 0.0010000000474974513;

/** A depthwise layer's filter and bias with its batch norm folded in: filter × γ/√(σ²+ε), β − μ·γ/√(σ²+ε). */
function foldDepthwise(tf: Tf, layer: Depthwise): Conv {
  return tf.tidy(() => {
    const factor = tf.div(layer.batch_norm_scale, tf.sqrt(tf.add(layer.batch_norm_variance, tf.scalar(epsilon))));
    const [channels] = factor.shape;
    const filters = tf.mul(layer.filters, tf.reshape(factor, [1, 1, channels!, 1]));
    const bias = tf.sub(layer.batch_norm_offset, tf.mul(layer.batch_norm_mean, factor));
    return { filters: tf.keep(filters), bias: tf.keep(bias) };
  });
}

/** Strides of the depthwise layers (face-api's getStridesForLayerIdx). */
const depthwiseStrides = (layer: number): [number, number] => ([2, 4, 6, 12].includes(layer) ? [2, 2] : [1, 1]);

/**
 * Replaces the loaded ssdMobilenetv1's forwardInput with the fused pass (the weights folded once, here). Returns false,
 * changing nothing, when the net's parameters are not in the shape this was written for (another face-api version).
 */
export function installFusedSsd(tf: Tf, net: SsdNet): boolean {
  const params = net.params;
  const mobilenet = params?.mobilenetv1;
  const prediction = params?.prediction_layer;
  if (!params || !mobilenet?.conv_0 || !prediction?.box_predictor_5 || !params.output_layer?.extra_dim) return false;
  const pairs = Array.from(
    { length: 13 },
    (_, i) => mobilenet[`conv_${i + 1}`] as { depthwise_conv: Depthwise; pointwise_conv: Pointwise },
  );
  if (pairs.some((pair) => !pair?.depthwise_conv?.batch_norm_variance || !pair.pointwise_conv?.batch_norm_offset)) return false;
  const folded = pairs.map((pair) => foldDepthwise(tf, pair.depthwise_conv));

  const pointwise = (x: unknown, layer: Pointwise, strides: [number, number]) =>
    tf.fused.conv2d({ x, filter: layer.filters, strides, pad: "same", bias: layer.batch_norm_offset, activation: "relu6" });
  const conv = (x: unknown, layer: Conv) =>
    tf.fused.conv2d({ x, filter: layer.filters, strides: [1, 1], pad: "same", bias: layer.bias, activation: "linear" });
  const boxPrediction = (x: Tensor, layer: { box_encoding_predictor: Conv; class_predictor: Conv }) => {
    const [batch] = x.shape;
    return {
      boxes: tf.reshape(conv(x, layer.box_encoding_predictor), [batch!, -1, 1, 4]),
      classes: tf.reshape(conv(x, layer.class_predictor), [batch!, -1, 3]),
    };
  };

  net.forwardInput = (input) =>
    tf.tidy(() => {
      const batch = tf.cast(input.toBatchTensor(512, false), "float32");
      let out = tf.sub(tf.div(batch, 127.5), 1);
      out = pointwise(out, mobilenet.conv_0 as Pointwise, [2, 2]);
      let conv11 = out;
      pairs.forEach((pair, i) => {
        const depthwise = folded[i]!;
        out = tf.fused.depthwiseConv2d({
          x: out,
          filter: depthwise.filters,
          strides: depthwiseStrides(i + 1),
          pad: "same",
          bias: depthwise.bias,
          activation: "relu6",
        });
        out = pointwise(out, pair.pointwise_conv, [1, 1]);
        if (i + 1 === 11) conv11 = out;
      });
      const layer = (name: string) => prediction[name] as Pointwise;
      const conv0 = pointwise(out, layer("conv_0"), [1, 1]);
      const conv1 = pointwise(conv0, layer("conv_1"), [2, 2]);
      const conv2 = pointwise(conv1, layer("conv_2"), [1, 1]);
      const conv3 = pointwise(conv2, layer("conv_3"), [2, 2]);
      const conv4 = pointwise(conv3, layer("conv_4"), [1, 1]);
      const conv5 = pointwise(conv4, layer("conv_5"), [2, 2]);
      const conv6 = pointwise(conv5, layer("conv_6"), [1, 1]);
      const conv7 = pointwise(conv6, layer("conv_7"), [2, 2]);
      const predictor = (n: number) => prediction[`box_predictor_${n}`] as { box_encoding_predictor: Conv; class_predictor: Conv };
      const predictions = [conv11, out, conv1, conv3, conv5, conv7].map((features, n) => boxPrediction(features, predictor(n)));
      const boxPredictions = tf.concat(
        predictions.map((p) => p.boxes),
        1,
      );
      const classPredictions = tf.concat(
        predictions.map((p) => p.classes),
        1,
      );
      return outputLayer(tf, boxPredictions, classPredictions, params.output_layer.extra_dim);
    });
  return true;
}

/** face-api's outputLayer (ssdMobilenetv1/outputLayer.ts), op for op: the anchors' boxes decoded, the face class's score. */
function outputLayer(tf: Tf, boxPredictions: Tensor, classPredictions: Tensor, extraDim: Tensor) {
  const [batch] = boxPredictions.shape;
  const anchors = tf.reshape(tf.tile(extraDim, [batch!, 1, 1]), [-1, 4]);
  const encoded = tf.reshape(boxPredictions, [-1, 4]);
  const a = tf.unstack(tf.transpose(anchors, [1, 0]));
  const sizes = [tf.sub(a[2], a[0]), tf.sub(a[3], a[1])];
  const centres = [tf.add(a[0], tf.div(sizes[0], 2)), tf.add(a[1], tf.div(sizes[1], 2))];
  const e = tf.unstack(tf.transpose(encoded, [1, 0]));
  const halfHeight = tf.div(tf.mul(tf.exp(tf.div(e[2], 5)), sizes[0]), 2);
  const centreY = tf.add(tf.mul(tf.div(e[0], 10), sizes[0]), centres[0]);
  const halfWidth = tf.div(tf.mul(tf.exp(tf.div(e[3], 5)), sizes[1]), 2);
  const centreX = tf.add(tf.mul(tf.div(e[1], 10), sizes[1]), centres[1]);
  let boxes = tf.transpose(
    tf.stack([tf.sub(centreY, halfHeight), tf.sub(centreX, halfWidth), tf.add(centreY, halfHeight), tf.add(centreX, halfWidth)]),
    [1, 0],
  );
  boxes = tf.reshape(boxes, [batch!, boxes.shape[0]! / batch!, 4]);
  const scoresAndClasses = tf.sigmoid(tf.slice(classPredictions, [0, 0, 1], [-1, -1, -1]));
  let scores = tf.slice(scoresAndClasses, [0, 0, 0], [-1, -1, 1]);
  scores = tf.reshape(scores, [batch!, scores.shape[1]!]);
  return { boxes: tf.unstack(boxes), scores: tf.unstack(scores) };
}
