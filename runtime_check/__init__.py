"""The runtime harness: traces each rule's fixtures under real TensorFlow (``tf2lint verify``)."""
